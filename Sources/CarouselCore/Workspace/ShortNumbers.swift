import Foundation

/// Short numbers for open cards, stable for the day (like Taskwarrior's ids): `carousel done 3`.
///
/// The first time a day's numbers are needed, the open cards are numbered 1, 2, 3… in a fixed
/// order (due date, soonest first and undated last, then created, then slug). Cards added or
/// reopened later that day get the next free numbers; a card keeps its number all day, also after it is done,
/// so `done 3` and `undone 3` name the same card. The numbers are kept in
/// `.carousel/numbers.tsv`, which is local to this device and never committed: deleting it only
/// renumbers from the cards open at that moment.
public struct ShortNumbers: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var number: Int
        /// The card's id, when it has one.
        public var id: String?
        /// The card's file, relative to the vault.
        public var path: String
    }

    /// The day the numbers belong to, `YYYY-MM-DD`.
    public var date: String
    public private(set) var entries: [Entry]
    /// Lookups, so numbering a large vault stays linear: by id, and by path for cards that had
    /// no id when they were numbered (a card made again at a removed card's path is a new card).
    private var byID: [String: Int] = [:]
    private var byPath: [String: Int] = [:]

    public init(date: Day, entries: [Entry] = []) {
        self.date = date.iso
        self.entries = []
        for e in entries { append(e) }
    }

    /// The cache file: the date on the first line, then `number<TAB>id<TAB>path` per card (an
    /// empty id for a card without one). Plain lines, because this is read on every command.
    public var text: String {
        var out = date + "\n"
        for e in entries { out += "\(e.number)\t\(e.id ?? "")\t\(e.path)\n" }
        return out
    }

    /// Reads `text`; nil when the first line is not a date. Lines that do not read are skipped.
    public init?(text: String) {
        // Split by bytes: the file is Carousel's own, one `\n` per line, and can hold 100,000 lines.
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        guard let first = lines.first, let day = Day(iso: String(Substring(first))) else { return nil }
        self.init(date: day)
        entries.reserveCapacity(lines.count - 1)
        for line in lines.dropFirst() {
            let parts = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard parts.count == 3, let n = Int(Substring(parts[0])), !parts[2].isEmpty else { continue }
            append(Entry(number: n, id: parts[1].isEmpty ? nil : String(Substring(parts[1])), path: String(Substring(parts[2]))))
        }
    }

    mutating func append(_ e: Entry) {
        entries.append(e)
        if let id = e.id { byID[id] = e.number } else { byPath[e.path] = e.number }
    }

    public static func == (a: ShortNumbers, b: ShortNumbers) -> Bool { a.date == b.date && a.entries == b.entries }

    static let file = Vault.localDir + "/numbers.tsv"

    /// The card's number today, if it has one.
    public func number(for card: Card) -> Int? {
        number(id: card.id, path: card.path)
    }

    func number(id: String?, path: String) -> Int? {
        if let id, let n = byID[id] { return n }
        return byPath[path]
    }

    /// The card that has number `n` today, among `cards`.
    public func card<C: Nameable>(numbered n: Int, in cards: [C]) -> C? {
        guard let e = entries.first(where: { $0.number == n }) else { return nil }
        if let id = e.id { return cards.first { $0.id == id } }
        return cards.first { $0.path == e.path }
    }

    /// The numbers for `today`: yesterday's are dropped, open cards without a number get the next
    /// ones in the fixed order. Pure: the caller loads and saves.
    public static func assign(previous: ShortNumbers?, cards: [Card], today: Day) -> ShortNumbers {
        assign(previous: previous, items: cards.map { NumberingItem($0, today: today) }, today: today)
    }

    /// `assign` over what it reads of each card (in the cards' order): a vault of 100,000 cards
    /// is numbered from small items, never copies of every card.
    static func assign(previous: ShortNumbers?, items: [NumberingItem], today: Day) -> ShortNumbers {
        var result = previous?.date == today.iso ? previous! : ShortNumbers(date: today)
        // Refresh ids learnt since (a hand-made card gets its id on first write).
        if result.entries.contains(where: { $0.id == nil }) {
            let idByPath = Dictionary(items.lazy.map { ($0.key.path, $0.key.id) }, uniquingKeysWith: { a, _ in a })
            if result.entries.contains(where: { $0.id == nil && idByPath[$0.path] ?? nil != nil }) {
                result = ShortNumbers(date: today, entries: result.entries.map { e in
                    var e = e
                    if e.id == nil { e.id = idByPath[e.path] ?? nil }
                    return e
                })
            }
        }
        let open = items.lazy.filter { !$0.done && result.number(id: $0.key.id, path: $0.key.path) == nil }.map(\.key)
        var next = (result.entries.map(\.number).max() ?? 0) + 1
        for key in open.sorted(by: { $0.precedes($1) }) {
            result.append(Entry(number: next, id: key.id, path: key.path))
            next += 1
        }
        return result
    }

    /// What numbering reads of a card: its place in the order and whether it is done today.
    struct NumberingItem {
        let key: OrderKey
        let done: Bool

        init(_ card: Card, today: Day) {
            key = OrderKey(card, today: today)
            done = Occurrence.isDone(card, today: today)
        }

        /// A one-off card (no repeat rule) from its index row.
        init(path: String, id: String?, slug: String, due: DateValue?, created: DateValue?, done: Bool) {
            key = OrderKey(due: due?.day.dayNumber ?? Int.max, created: created, slug: slug, id: id, path: path)
            self.done = done
        }
    }

    /// What the order reads of a card: due date (undated last), then created (unknown last), then slug.
    struct OrderKey {
        let due: Int
        let created: DateValue?
        let slug: String
        let id: String?
        let path: String

        init(_ card: Card, today: Day) {
            self.init(due: Occurrence.dueDay(of: card, today: today)?.dayNumber ?? Int.max, created: card.created,
                      slug: card.slug, id: card.id, path: card.path)
        }

        init(due: Int, created: DateValue?, slug: String, id: String?, path: String) {
            self.due = due
            self.created = created
            self.slug = slug
            self.id = id
            self.path = path
        }

        /// The order's rule over the keys.
        func precedes(_ other: OrderKey) -> Bool {
            if due != other.due { return due < other.due }
            if created != other.created {
                guard let ca = created else { return false }
                guard let cb = other.created else { return true }
                return ca < cb
            }
            return slug < other.slug
        }
    }

    /// Reads the cache file (Carousel's own, never through a link). It holds a line per open
    /// card, so it is not held to the size limit of a card file (40 bytes a card: 4 MB at 100,000).
    static func load(_ path: String) -> ShortNumbers? {
        guard let bytes = try? FileSystem.readBytes(path, limit: 256 << 20, shownAs: file) else { return nil }
        return ShortNumbers(text: String(decoding: bytes, as: UTF8.self))
    }

    /// Loads the day's numbers, numbers what is new, and saves them when something changed.
    /// A cache that cannot be read or written is rebuilt or skipped: numbers are a convenience.
    public static func refresh(vault: Vault, cards: [Card], today: Day) -> ShortNumbers {
        refresh(vault: vault, items: cards.map { NumberingItem($0, today: today) }, today: today)
    }

    static func refresh(vault: Vault, items: [NumberingItem], today: Day) -> ShortNumbers {
        // Carousel's own file in its own folder: never through a link (see `Vault.stateFolder`).
        guard let folder = try? vault.stateFolder() else { return assign(previous: nil, items: items, today: today) }
        let path = folder + "/" + VaultPath.name(of: file)
        let previous = load(path)
        let numbers = assign(previous: previous, items: items, today: today)
        if numbers != previous { _ = try? FileSystem.writeAtomically(numbers.text, to: path) }
        return numbers
    }
}
