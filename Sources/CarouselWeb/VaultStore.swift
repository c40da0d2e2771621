import CarouselCore
import Foundation

/// The server's one door into the vault. Every read and every change goes through a
/// `Workspace`, one at a time (the vault lock is per process too), exactly as the command line
/// does. Reads are served from the last snapshot while the files on disk are unchanged, which
/// `fingerprint()` checks with one `stat` per file.
public final class VaultStore: @unchecked Sendable {
    public let vault: Vault
    let pinnedDay: Day?
    let environment: [String: String]
    /// How long a fingerprint is trusted before the files are looked at again.
    let recheckInterval: TimeInterval

    // Recursive: a page rendered under the lock may read a card through `read`.
    private let lock = NSRecursiveLock()
    /// What the last load read, and the fingerprint of the files it was read from.
    private struct Loaded {
        let day: Day
        let fingerprint: Fingerprint
        let snapshot: VaultSnapshot
        let habits: [Habit]
        let cards: LoadedCards
        /// The cards whose files have `remind:`.
        let reminding: [Card]
        let home: HomeView?
    }
    private var cached: Loaded?
    /// The cards of the state a change made stale: the next load builds again only the cards
    /// whose files changed since (`Workspace.loadCards(reusing:)`), not every card.
    private var staleCards: LoadedCards?
    private var lastCheck = Date.distantPast
    /// Goes up by one whenever what the pages show may have changed; the pages poll it.
    private var versionNumber = 1
    private var rendered: [String: HTML] = [:]

    /// The time reminders are worked out for: `--now`, else `CAROUSEL_NOW`, else the clock.
    let pinnedNow: DateValue?
    private var reminderInputs: (version: Int, cards: [Reminders.CardInput], habits: [Reminders.HabitInput])?

    public init(vault: Vault, pinnedDay: Day?, environment: [String: String], recheckInterval: TimeInterval = 0.3,
                pinnedNow: DateValue? = nil) {
        let now = pinnedNow ?? environment["CAROUSEL_NOW"].flatMap { DateValue(text: $0) }.flatMap { $0.minutes == nil ? nil : $0 }
        self.vault = vault
        self.pinnedNow = now
        self.pinnedDay = pinnedDay ?? now?.day
        self.environment = environment
        self.recheckInterval = recheckInterval
    }

    public var moment: Moment { Moment.now(pinned: pinnedDay) }

    /// The time of day now, minutes after midnight (CAROUSEL_NOW's when pinned).
    public var minutesNow: Int { pinnedNow?.minutes ?? moment.minutes }

    /// What a page is drawn from.
    public struct State: Sendable {
        public let today: Day
        public let snapshot: VaultSnapshot
        public let habits: [Habit]
        public let version: Int
        /// The home page's view, worked out from the index's narrow reads at load time (the
        /// same view `HomeView.make` gives over every card, at a fraction of the cost).
        public let home: HomeView?
    }

    /// How many cards the home page's carousel shows.
    public static let homeStripLimit = 12

    /// The current state, re-read from disk when a file changed since the last look.
    public func state() throws(CarouselError) -> State {
        lock.lock()
        defer { lock.unlock() }
        return try currentState()
    }

    /// The version the pages compare against; checks the files first.
    public func version() throws(CarouselError) -> Int {
        try state().version
    }

    /// A page rendered once per version and path, so ten thousand cards are ranked once, not
    /// once per request.
    ///
    /// The page is drawn outside the lock, from the state (immutable values) taken under it, so a
    /// slow page (the bubbles at thousands of cards) never holds up another request; two requests
    /// for the same page in the same version may both draw it, and the first kept is served after.
    public func page(_ key: String, render: (State) throws -> HTML) throws -> HTML {
        let (state, full, hit) = try lookUp(key)
        if let hit { return hit }
        let html = try render(state)
        lock.lock()
        defer { lock.unlock() }
        if rendered.count > 64 { rendered.removeAll() }
        if versionNumber == state.version { rendered[full] = html }
        return html
    }

    private func lookUp(_ key: String) throws -> (State, String, HTML?) {
        lock.lock()
        defer { lock.unlock() }
        let state = try currentState()
        let full = "\(state.version) \(state.today.iso) \(key)"
        return (state, full, rendered[full])
    }

    /// The reminders due now that nothing on this device has shown yet (the terminal, the timer
    /// or another page), through the same code and the same record as `carousel remind`. Each
    /// is returned once: the record is written before this returns.
    public func dueReminders() throws(CarouselError) -> Reminders.Run {
        lock.lock()
        defer { lock.unlock() }
        let state = try currentState()
        // Reading the cards' `remind:` again on each poll would be slow; do it once per version,
        // for the cards whose files have the field (the index knows which).
        if reminderInputs?.version != state.version {
            reminderInputs = (state.version, ReminderSources.cards(cached?.reminding ?? [], vault: vault).inputs,
                              ReminderSources.habits(state.habits, vault: vault).inputs)
        }
        var inputs = reminderInputs!
        // The transition warning (`transition:` in carousel.yaml), as `carousel remind` gives it.
        inputs.cards = Reminders.withTransitions(inputs.cards, cards: state.snapshot.cards, minutes: state.snapshot.settings.transition)
        let now: DateValue
        if let pinnedNow {
            now = pinnedNow
        } else {
            let m = moment
            now = DateValue(day: m.today, minutes: m.minutes)
        }
        let checkin = state.snapshot.settings.checkinReminder
        return try ReminderRecord.update(vault) { record in
            Reminders.due(cards: inputs.cards, habits: inputs.habits, checkin: checkin, record: record, now: now,
                          vaultZone: state.snapshot.settings.vaultZone)
        }
    }

    /// Runs a change through a writing `Workspace` (pending editor edits are committed first,
    /// as on the command line), then takes its snapshot as the new state.
    public func change<T>(_ body: (Workspace) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        let ws = try Workspace(vault: vault, moment: moment, environment: environment, forWriting: true)
        defer { invalidate() }
        guard let note = VaultStore.madeChange else { return try body(ws) }
        // Under the same lock, so the change noted is this one and not another request's.
        let before = try? Undo.preview(vault: vault).entry.commit
        let result = try body(ws)
        if let after = try? Undo.preview(vault: vault).entry, after.commit != before { note.entry = after }
        return result
    }

    /// Bound by an action around its change: hears the change it made that undo would take back
    /// (none when it changed nothing).
    @TaskLocal static var madeChange: MadeChange?

    final class MadeChange: @unchecked Sendable {
        var entry: HistoryEntry?
    }

    /// Runs a read that needs a `Workspace` (a card's file, its history) under the same lock.
    public func read<T>(_ body: (Workspace) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        let ws = try Workspace(vault: vault, moment: moment, environment: environment, forWriting: false)
        return try body(ws)
    }

    private func invalidate() {
        if let c = cached { staleCards = c.cards }
        cached = nil
        lastCheck = .distantPast
        rendered.removeAll()
        versionNumber += 1
    }

    private func currentState() throws(CarouselError) -> State {
        let today = moment.today
        let now = Date()
        if let c = cached, c.day == today, now.timeIntervalSince(lastCheck) < recheckInterval { return state(of: c) }
        let print = Fingerprint.of(vault)
        lastCheck = now
        if let c = cached, c.day == today, c.fingerprint == print { return state(of: c) }
        let ws = try Workspace(vault: vault, moment: moment, environment: environment, forWriting: false)
        // Home first, while the cards are not loaded: it then asks the index for its rows.
        let home = try? ws.home(stripLimit: VaultStore.homeStripLimit)
        let cards = try ws.loadCards(reusing: cached?.cards ?? staleCards)
        staleCards = nil
        let reminding = try ws.remindingCards()
        let habits = HabitLoader.load(vault: vault).habits
        // The fingerprint taken before loading: a file written meanwhile, which the snapshot may
        // miss, makes the next look differ and load again.
        let loaded = Loaded(day: today, fingerprint: print, snapshot: ws.snapshot, habits: habits,
                            cards: cards, reminding: reminding, home: home)
        cached = loaded
        if rendered.isEmpty == false { rendered.removeAll() }
        versionNumber += 1
        return state(of: loaded)
    }

    private func state(of loaded: Loaded) -> State {
        State(today: loaded.day, snapshot: loaded.snapshot, habits: loaded.habits, version: versionNumber, home: loaded.home)
    }
}

/// Names, sizes and modification times of the files the pages show, and the commit HEAD points at.
struct Fingerprint: Equatable {
    let value: UInt64

    static func of(_ vault: Vault) -> Fingerprint {
        var h = FNV()
        // Every card file, sub-folders included, as the index reads them.
        h.add(Int64(bitPattern: FolderFingerprint.of(root: vault.root, dir: Vault.cardsDir)))
        add(folder: vault.url(Vault.habitsDir), into: &h)
        // The journal keeps a folder per year; only this year's and last year's can still change
        // what a page shows, and a new year's folder shows up in the journal folder's own time.
        let journal = vault.url(Vault.journalDir)
        h.add(stat: journal)
        for year in ((try? FileManager.default.contentsOfDirectory(atPath: journal)) ?? []).sorted().suffix(2) {
            add(folder: journal + "/" + year, into: &h)
        }
        h.add(stat: vault.url(Vault.settingsFile))
        h.add(stat: vault.url(".git/HEAD"))
        if let head = try? String(contentsOfFile: vault.url(".git/HEAD"), encoding: .utf8),
           head.hasPrefix("ref: ") {
            h.add(stat: vault.url(".git/" + head.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        return Fingerprint(value: h.value)
    }

    private static func add(folder path: String, into h: inout FNV) {
        h.add(stat: path)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names.sorted() where name.hasSuffix(".md") || name.hasSuffix(".yaml") {
            h.add(name)
            h.add(stat: path + "/" + name)
        }
    }
}

/// 64-bit FNV-1a, enough to notice that a file changed.
struct FNV {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: some Sequence<UInt8>) {
        for b in bytes {
            value ^= UInt64(b)
            value = value &* 0x100_0000_01b3
        }
    }

    mutating func add(_ s: String) { add(s.utf8) }

    mutating func add(_ n: Int64) { withUnsafeBytes(of: n) { add($0) } }

    mutating func add(stat path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return add(Int64(-1)) }
        add(Int64(st.st_size))
        add(Int64(st.st_mtim.tv_sec))
        add(Int64(st.st_mtim.tv_nsec))
        add(Int64(bitPattern: UInt64(st.st_ino)))
    }
}
