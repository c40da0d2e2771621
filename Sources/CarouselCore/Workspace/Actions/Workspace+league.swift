import CarouselGit
import Foundation

/// `carousel league`: this week's standing among you and your friends, and your tier.
public struct LeagueReport: Sendable {
    public let date: Day
    public let weekStart: Day
    /// This week, ranked.
    public let entries: [LeagueEntry]
    /// Your tier now, after every finished week.
    public let tier: Tier
    /// Finished weeks: your rank and the tier it led to, oldest first.
    public let history: [(week: Day, rank: Int, of: Int, tier: Tier)]
    /// Friends that could not be fetched or read this time.
    public let problems: [String]
}

extension Workspace {
    static let friendPrefix = "friend-"

    /// Registers a friend's vault as a read-only git remote `friend-NAME` and fetches it.
    /// Returns a problem when the fetch failed; the friend stays registered.
    public func addFriend(name: String, url: String) throws(CarouselError) -> String? {
        let slug = Slug.make(from: name)
        guard !slug.isEmpty else { throw .usage("a friend's name needs a letter or digit, found \"\(name)\"") }
        let repository = try writer().repository
        let remote = Workspace.friendPrefix + slug
        do {
            if try repository.remoteURL(remote) != nil { throw CarouselError.usage("\(slug) is already a friend (remote \(remote))") }
            try repository.addRemote(name: remote, url: url)
        } catch let error as CarouselError {
            throw error
        } catch {
            throw .git("cannot add \(slug): \(error.localizedDescription)")
        }
        do {
            try repository.fetch(remote: remote, environment: environment)
            return nil
        } catch {
            return "could not fetch \(slug) yet: \(error.localizedDescription)"
        }
    }

    /// This week's league. Finished weeks not yet in the journal are ranked now and recorded on
    /// that week's Sunday (`league:` in its journal file), in one commit, so the tier never
    /// changes when a friend's history does.
    public func league() throws(CarouselError) -> LeagueReport {
        let repository = try writer().repository
        var problems: [String] = []
        var members: [(name: String, isYou: Bool, contents: VaultContents, joined: Int64)] = []
        do {
            let head = try repository.headID()
            let own = VaultContents(cards: snapshot.cards, habits: HabitLoader.load(vault: vault).habits,
                                    journal: JournalActivity.load(vault: vault))
            members.append(("you", true, own, try head.map { try repository.rootCommitTime(from: $0) } ?? 0))
            for remote in try repository.remoteNames().sorted() where remote.hasPrefix(Workspace.friendPrefix) {
                let name = String(remote.dropFirst(Workspace.friendPrefix.count))
                do {
                    try repository.fetch(remote: remote, environment: environment)
                } catch {
                    problems.append("could not fetch \(name): \(error.localizedDescription); using what was fetched before")
                }
                guard let tip = try ["main", "master"].lazy.compactMap({ try repository.referenceTarget("refs/remotes/\(remote)/\($0)") }).first else {
                    problems.append("\(name) has nothing fetched yet")
                    continue
                }
                members.append((name, false, try VaultContents.read(repository: repository, commit: tip),
                                try repository.rootCommitTime(from: tip)))
            }
        } catch let error as CarouselError {
            throw error
        } catch {
            throw .git("cannot read the league: \(error.localizedDescription)")
        }
        func ranking(_ week: Day) -> [LeagueEntry] {
            let weekEnd = Int64(week.adding(days: 7).dayNumber) * 86_400
            return League.rank(members.filter { $0.joined < weekEnd }.map {
                League.entry(name: $0.name, isYou: $0.isYou, cards: $0.contents.cards, habits: $0.contents.habits,
                             journal: $0.contents.journal, weekStart: week, joined: $0.joined)
            })
        }
        let thisWeek = Day(dayNumber: today.weekStartDayNumber)
        let joinedDay = Day(dayNumber: Int((members.first?.joined ?? 0) / 86_400))
        var week = max(Day(dayNumber: joinedDay.weekStartDayNumber), thisWeek.adding(days: -7 * 52))
        var tier = Tier.start
        var history: [(week: Day, rank: Int, of: Int, tier: Tier)] = []
        var writes: [FileWrite] = []
        while week < thisWeek {
            let sunday = week.adding(days: 6)
            if let recorded = LeagueRecord.read(vault: vault, sunday: sunday) {
                tier = recorded.tier
                history.append((week, recorded.rank, recorded.of, recorded.tier))
            } else {
                let ranked = ranking(week)
                let mine = ranked.first(where: \.isYou)
                tier = tier.after(rank: mine?.rank ?? ranked.count + 1)
                let record = LeagueRecord(week: week, rank: mine?.rank ?? 0, of: ranked.count, xp: mine?.xp ?? 0, tier: tier)
                writes.append(try record.write(vault: vault, sunday: sunday))
                history.append((week, record.rank, record.of, tier))
            }
            week = week.adding(days: 7)
        }
        if let last = history.last, !writes.isEmpty {
            let label = "\(last.week.day) \(Day.monthNames[last.week.month - 1])"
            try commit(writes, message: "league: week of \(label), rank \(last.rank) of \(last.of), now \(last.tier.name)")
        }
        return LeagueReport(date: today, weekStart: thisWeek, entries: ranking(thisWeek), tier: tier,
                            history: history, problems: problems)
    }
}

/// A finished week's result, kept in the journal of its Sunday.
struct LeagueRecord {
    var week: Day
    var rank: Int
    var of: Int
    var xp: Int
    var tier: Tier

    static func read(vault: Vault, sunday: Day) -> LeagueRecord? {
        guard let text = try? vault.readText(JournalDay.path(for: sunday)),
              let document = try? FrontMatterDocument(text: text),
              let fields = try? FrontMatterFields(document: document),
              let map = fields["league"]?.value.mapping,
              let week = map["week"]?.text.flatMap({ Day(iso: $0) }),
              let rank = map["rank"]?.text.flatMap({ Int($0) }),
              let tier = map["tier"]?.text.flatMap({ Tier(name: $0) }) else { return nil }
        return LeagueRecord(week: week, rank: rank, of: map["of"]?.text.flatMap { Int($0) } ?? 0,
                            xp: map["xp"]?.text.flatMap { Int($0) } ?? 0, tier: tier)
    }

    /// The Sunday's journal file with a `league:` line set, keeping everything else in it.
    func write(vault: Vault, sunday: Day) throws(CarouselError) -> FileWrite {
        let path = JournalDay.path(for: sunday)
        var document = FrontMatterDocument.emptyFrontMatter()
        if let text = try? vault.readText(path) {
            do { document = try FrontMatterDocument(text: text) } catch {
                throw .invalidFile(FileDiagnostic(path: path, line: error.line, column: error.column, message: error.message))
            }
        } else {
            document.set("date", renderedLines: ["date: \(sunday.iso)"])
        }
        document.set("league", renderedLines: [
            "league: {week: \(week.iso), rank: \(rank), of: \(of), xp: \(xp), tier: \(tier.name)}",
        ])
        return FileWrite(path: path, text: document.text)
    }
}

extension Day {
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
