import Foundation

/// The moment a command runs: the planning day (pinned by `--today` or `CAROUSEL_TODAY`) and
/// the time of day used for `created` and `done` stamps.
public struct Moment: Sendable {
    public let today: Day
    /// Minutes and seconds after midnight, from the local clock.
    public let minutes: Int
    public let seconds: Int
    /// Milliseconds since the epoch, for new ids.
    public let epochMilliseconds: UInt64

    public init(today: Day, minutes: Int, seconds: Int, epochMilliseconds: UInt64) {
        self.today = today
        self.minutes = minutes
        self.seconds = seconds
        self.epochMilliseconds = epochMilliseconds
    }

    /// The local date and time now, with the day replaced by `pinned` when given. They come from
    /// the C library, which reads the zone as `date` does (TZ, else /etc/localtime); Foundation's
    /// `Calendar` gives the same answer but cost half a millisecond to build, at every command.
    public static func now(pinned: Day?) -> Moment {
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        var seconds = clock.tv_sec
        var local = tm()
        localtime_r(&seconds, &local)
        let day = Day(year: Int(local.tm_year) + 1900, month: Int(local.tm_mon) + 1, day: Int(local.tm_mday)) ?? Day(dayNumber: 0)
        let milliseconds = Int64(clock.tv_sec) * 1000 + Int64(clock.tv_nsec) / 1_000_000
        // A leap second reads as :60; the clock shows it as :59.
        return Moment(today: pinned ?? day, minutes: Int(local.tm_hour) * 60 + Int(local.tm_min), seconds: min(59, Int(local.tm_sec)),
                      epochMilliseconds: UInt64(max(0, milliseconds)))
    }

    /// `today` at the current time of day, as written in `created` and `done`.
    public var stamp: DateValue { DateValue(day: today, minutes: minutes, seconds: seconds) }

    public func makeID() -> String { ULID.make(milliseconds: epochMilliseconds) }
}

/// A command's view of the vault: locked, indexed, and able to commit.
public final class Workspace {
    public let vault: Vault
    public let moment: Moment
    public var today: Day { moment.today }
    /// Everything a view needs. Card values are built on first use: a command that only
    /// resolves a REF or shows today's list asks the index for those rows instead
    /// (`resolve`, `todaySnapshot`), so its memory does not grow with the vault.
    public var snapshot: VaultSnapshot { zoned(everyCard.cards) }
    /// Loads every card into `snapshot`, keeping the values of `earlier` (a load by an earlier
    /// workspace of this vault) for the rows that did not change since (`LoadedCards`).
    public func loadCards(reusing earlier: LoadedCards?) throws(CarouselError) -> LoadedCards {
        let loaded = try index.loadCards(reusing: memory == nil ? earlier : nil)
        memory = MemoryCardSource(cards: loaded.cards, search: index.search)
        return loaded
    }
    /// Builds every card now, so `source` answers from them (what `snapshot` does on first use).
    func loadEveryCard() { _ = everyCard }
    /// Every card, built on first use (`snapshot`).
    private var everyCard: MemoryCardSource {
        if let memory { return memory }
        let cards = (try? index.cards()) ?? CardIndex.parseAll(FileSystem.markdownFiles(root: vault.root, dir: Vault.cardsDir)
            .compactMap { p in FileSystem.stamp(vault.url(p)).map { (p, $0) } }, vault: vault).compactMap(\.card)
        let loaded = MemoryCardSource(cards: cards, search: index.search)
        memory = loaded
        return loaded
    }
    /// Where the views read cards (`CardSource`): the index, which reads only the rows a view
    /// needs, until every card is in memory; then those cards, which give the same answers.
    var source: any CardSource { memory ?? index }
    private var memory: MemoryCardSource?
    /// Settings, journal and problems, with no cards.
    private(set) var base: VaultSnapshot
    let index: CardIndex
    /// The problems of the vault's files (and parent cycles), without building card values.
    public var diagnostics: [FileDiagnostic] { base.diagnostics }
    public var settings: Settings { base.settings }
    /// Today's short numbers for open cards (`ShortNumbers`), read on first use (a command that
    /// neither shows numbers nor takes one never reads or writes them) and kept fresh after commits.
    public var numbers: ShortNumbers {
        if let n = numbersStorage { return n }
        let n = ShortNumbers.refresh(vault: vault, items: numberingItems, today: today)
        numbersStorage = n
        return n
    }
    private var numbersStorage: ShortNumbers?
    /// What numbering reads (`CardSource.numberingItems`); should the index fail, of every card
    /// as the files give them.
    private var numberingItems: [ShortNumbers.NumberingItem] {
        if let items = try? source.numberingItems(today: today) { return items }
        return everyCard.numberingItems(today: today)
    }
    var numbersAssigned: Bool { numbersStorage != nil }
    /// Things the person should hear about besides the result (edits committed, files skipped).
    public private(set) var notices: [String] = []
    let environment: [String: String]
    private let lock: VaultLock?
    /// Whether this account cannot write the vault (views still work).
    public private(set) var readOnly = false
    private var writerStorage: VaultWriter?
    /// The `CleanMark` stamps this command's changes build on: set when the work tree matched
    /// HEAD at the start (the mark held, or the status walk left nothing uncommitted).
    private var cleanFiles: [String: String]?

    /// Locks the vault, commits pending editor edits when the command will write, and loads
    /// the snapshot. Views pass `forWriting: false` and never touch git.
    public init(vault: Vault, moment: Moment, environment: [String: String], forWriting: Bool,
                progress: CardIndex.Progress? = nil) throws(CarouselError) {
        self.vault = vault
        self.moment = moment
        self.environment = environment
        let timeout = environment["CAROUSEL_LOCK_TIMEOUT"].flatMap(Double.init) ?? 10
        do {
            lock = try VaultLock(vault: vault, timeout: timeout)
        } catch let error {
            // A vault this account cannot write: views read it without the lock (every write is
            // an atomic rename, so a reader sees whole files); changes are refused in one sentence.
            guard case .readOnly = error, !forWriting else { throw error }
            lock = nil
            readOnly = true
        }
        if forWriting { writerStorage = try VaultWriter(vault: vault, environment: environment, sweepingCards: false) }
        // The index is brought up to date first: what its refresh saw tells whether anything
        // changed since the last commit (`CleanMark`).
        (base, index) = try VaultSnapshot.loadWithoutCards(vault: vault, day: moment.today, progress: progress,
                                                           environment: environment)
        if forWriting, let writer = writerStorage {
            let swept = CrashRecovery.removeOrphanTemporaryFiles(vault, among: index.cardOthers)
            if !swept.isEmpty { index.cardOthers.removeAll { swept.contains($0) } }
            try commitPendingEdits(writer)
        }
        base.diagnostics.append(contentsOf: try cycleDiagnostics())
    }

    /// Commits edits made outside Carousel first (`VaultWriter.commitPendingEdits`), unless the
    /// index's `CleanMark` shows that nothing changed since the work tree last matched HEAD: then
    /// the walk over git's status is skipped. Either way the mark this command's commits build on
    /// is kept in `cleanFiles`.
    private func commitPendingEdits(_ writer: VaultWriter) throws(CarouselError) {
        let files = CleanMark.scan(root: vault.root, cardOthers: index.cardOthers, gitDir: writer.gitDirectory)
        if let mark = index.cleanMark(), let head = writer.headHex(), mark.head == head,
           !CrashRecovery.hasUnfinishedWork(vault), CleanMark.sameExceptGitIndex(mark.files, files) {
            // git's index was rewritten (by `git status`, which refreshes its stat data, or by
            // `git add`): the walk is skipped only when it still holds exactly HEAD.
            if mark.files[CleanMark.gitIndex] == files[CleanMark.gitIndex] || writer.indexMatchesHead() {
                cleanFiles = files
                return
            }
        }
        let pending = try writer.commitPendingEdits()
        if let message = pending.message { notices.append("Committed first: \(message).") }
        for problem in pending.skipped {
            let why = problem.severity == .warning ? "" : " because it does not parse"
            notices.append("Left \(problem.path) uncommitted\(why):\n\(problem.description)")
        }
        // Files left out (they do not parse, or lead out of the vault) keep the tree unclean.
        // The mark itself is written only after this command's commit: nothing is written to
        // the index before git's objects (on a nearly full disk, git gets the room first).
        guard pending.skipped.isEmpty else { return }
        cleanFiles = CleanMark.restamp(files, root: vault.root, written: [], gitDir: writer.gitDirectory)
    }

    /// The date words of this vault: relative to today, with its `week_start`.
    public var dateWords: DateWords { base.settings.dateWords(today: today) }

    func writer() throws(CarouselError) -> VaultWriter {
        if let w = writerStorage { return w }
        let w = try VaultWriter(vault: vault, environment: environment)
        writerStorage = w
        return w
    }

    /// Writes and commits, then reloads the snapshot so the result reflects the change.
    @discardableResult
    public func commit(_ writes: [FileWrite], message: String) throws(CarouselError) -> String? {
        // A card TaskNotes wrote has its `dateModified:` kept up to date, as TaskNotes does.
        let writes = writes.map { w in
            guard let text = w.text, w.path.hasPrefix(Vault.cardsDir + "/") else { return w }
            let touched = TaskNotesFields.touchingModified(text, stamp: moment.stamp)
            return touched == text ? w : FileWrite(path: w.path, text: touched)
        }
        let writer = try self.writer()
        // The mark is set again once the files are committed. It needs no clearing first: a
        // change cut short leaves its intent, and new stamps on the files it wrote.
        let clean = cleanFiles
        cleanFiles = nil
        let id = try writer.apply(writes, message: message)
        update(with: writes)
        if let clean, let head = writer.headHex() {
            let files = CleanMark.restamp(clean, root: vault.root, written: writes.map(\.path), gitDir: writer.gitDirectory)
            index.setCleanMark(CleanMark(head: head, files: files))
            cleanFiles = files
        }
        if numbersStorage != nil { numbersStorage = ShortNumbers.refresh(vault: vault, items: numberingItems, today: today) }
        return id
    }

    /// Brings the snapshot up to date with files just written, without another pass over the
    /// vault; the next command's index refresh re-reads exactly these files.
    /// The index rows of the written files are brought up to date too, so later queries in this
    /// command see the change.
    private func update(with writes: [FileWrite]) {
        // The index gets the files' new stamps, so the next refresh does not read them again
        // (and keeps the `CleanMark`).
        try? index.reread(writes.map(\.path).filter { $0.hasPrefix(Vault.cardsDir + "/") && $0.hasSuffix(".md") })
        for write in writes {
            if write.path == JournalDay.path(for: today) {
                if let journal = try? JournalDay.load(vault: vault, day: today).0 { base.journal = journal }
                continue
            }
            guard write.path.hasPrefix(Vault.cardsDir + "/"), write.path.hasSuffix(".md") else { continue }
            memory?.replace(path: write.path, with: write.text.flatMap { try? CardParser.parse(text: $0, path: write.path).card })
        }
    }

    /// The card a REF names: a short number, a slug, an id, or an unambiguous start of either
    /// (`CardRef`). A REF that names a file which does not parse fails with that file's error.
    public func resolve(_ ref: String) throws(CarouselError) -> Card {
        if let card = try quickResolve(ref) { return card }
        do throws(CarouselError) {
            // An unknown or ambiguous REF is compared with every card, but only by what naming
            // reads (`CardSource.namingCards`): 100,000 whole cards would be 400 MB for an error.
            let named = try CardRef.resolve(ref, cards: try source.namingCards(), numbers: numbers, diagnostics: base.diagnostics)
            // The same source named it a moment ago; should the row be gone, the card is unknown.
            guard let card = try source.card(atPath: named.path) else {
                throw .unknownCard(ref: ref, candidates: [])
            }
            return card
        } catch {
            if case .unknownCard = error { try refuseLinkedCard(ref) }
            throw error
        }
    }

    /// A REF that names a card file which is a link leading out of the vault says so, instead
    /// of "no card matches".
    private func refuseLinkedCard(_ ref: String) throws(CarouselError) {
        let needle = ref.hasSuffix(".md") ? String(Vault.slug(ofPath: ref)) : ref
        let linked = Vault.cardsDir + "/" + needle + ".md"
        guard PathName.isSafe(needle), vault.isLink(linked) else { return }
        let destination = vault.destination(of: linked)
        if case .inside = destination { return }
        throw .boundary("\(linked) is \(destination.link()); Carousel never reads, changes or commits it. Remove the link (`git rm \(linked)`) or replace it with a real card")
    }

    /// Opens a card's file for a change.
    public func open(_ card: Card) throws(CarouselError) -> CardFile {
        try CardFile(vault: vault, path: card.path)
    }

    /// The journal write that records Today after `changed` replaces its old version.
    func journalWrite(changed: [Card], order: [String]? = nil) throws(CarouselError) -> FileWrite {
        // Today's list only reads the pulled cards: the others are never loaded.
        var cards = try pulledCards()
        for c in changed {
            if let i = cards.firstIndex(where: { $0.path == c.path }) {
                cards[i] = c
            } else if try source.card(atPath: c.path) != nil {
                cards.insert(c, at: cards.firstIndex { $0.path > c.path } ?? cards.endIndex)
            } else {
                cards.append(c)
            }
        }
        let (journal, document): (JournalDay, FrontMatterDocument?)
        do {
            (journal, document) = try JournalDay.load(vault: vault, day: today)
        } catch {
            throw .invalidFile(error)
        }
        var updated = base
        updated.cards = cards
        updated.journal = journal
        if let order { updated.journal.order = order }
        let view = TodayView.make(updated, today: today)
        var record = journal
        // Keep the person's order for cards still in Today, then the ones just pulled in the order
        // they were named (`pull mango banana`), then any others (pulled by hand) as they appear.
        let keys = view.orderKeys
        let kept = (order ?? journal.order).filter(keys.contains)
        var added = kept
        for key in changed.map({ $0.id ?? $0.slug }) + keys where keys.contains(key) && !added.contains(key) { added.append(key) }
        record.order = added
        record.plannedSpoons = view.spoonsPlanned
        record.doneSpoons = view.spoonsDone
        record.plannedCards = view.items.count
        record.doneCards = view.doneCount
        return FileWrite(path: JournalDay.path(for: today), text: record.render(into: document))
    }
}
