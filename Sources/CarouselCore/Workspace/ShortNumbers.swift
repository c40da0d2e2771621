import Foundation

/// Short numbers for open cards, stable for the day (like Taskwarrior's ids): `carousel done 3`.
///
/// On the first command of a day the open cards are numbered 1, 2, 3… in a fixed order (due
/// date, soonest first and undated last, then created, then slug). Cards added or reopened later
/// that day get the next free number; a card keeps its number all day, also after it is done,
/// so `done 3` and `undone 3` name the same card. The numbers are kept in
/// `.carousel/numbers.json`, which is local to this device and never committed: deleting it only
/// renumbers from the cards open at that moment.
public struct ShortNumbers: Sendable, Equatable, Codable {
    public struct Entry: Sendable, Equatable, Codable {
        public var number: Int
        /// The card's id, when it has one.
        public var id: String?
        /// The card's file, relative to the vault.
        public var path: String
    }

    /// The day the numbers belong to, `YYYY-MM-DD`.
    public var date: String
    public var entries: [Entry]

    public init(date: Day, entries: [Entry] = []) {
        self.date = date.iso
        self.entries = entries
    }

    static let file = Vault.localDir + "/numbers.json"

    func matches(_ e: Entry, _ card: Card) -> Bool {
        (e.id != nil && e.id == card.id) || e.path == card.path
    }

    /// The card's number today, if it has one.
    public func number(for card: Card) -> Int? {
        entries.first { matches($0, card) }?.number
    }

    /// The card that has number `n` today, among `cards`.
    public func card(numbered n: Int, in cards: [Card]) -> Card? {
        guard let e = entries.first(where: { $0.number == n }) else { return nil }
        if let id = e.id, let byID = cards.first(where: { $0.id == id }) { return byID }
        return cards.first { $0.path == e.path }
    }

    /// The numbers for `today`: yesterday's are dropped, open cards without a number get the next
    /// ones in the fixed order. Pure: the caller loads and saves.
    public static func assign(previous: ShortNumbers?, cards: [Card], today: Day) -> ShortNumbers {
        var result = previous?.date == today.iso ? previous! : ShortNumbers(date: today)
        // Refresh ids learnt since (a hand-made card gets its id on first write).
        for i in result.entries.indices where result.entries[i].id == nil {
            if let c = cards.first(where: { $0.path == result.entries[i].path }), let id = c.id { result.entries[i].id = id }
        }
        let open = cards.filter { !Occurrence.isDone($0, today: today) && result.number(for: $0) == nil }
        var next = (result.entries.map(\.number).max() ?? 0) + 1
        for card in open.sorted(by: { order($0, $1, today: today) }) {
            result.entries.append(Entry(number: next, id: card.id, path: card.path))
            next += 1
        }
        return result
    }

    /// Due date (undated last), then created (unknown last), then slug.
    static func order(_ a: Card, _ b: Card, today: Day) -> Bool {
        let da = Occurrence.dueDay(of: a, today: today)?.dayNumber ?? Int.max
        let db = Occurrence.dueDay(of: b, today: today)?.dayNumber ?? Int.max
        if da != db { return da < db }
        if a.created != b.created {
            guard let ca = a.created else { return false }
            guard let cb = b.created else { return true }
            return ca < cb
        }
        return a.slug < b.slug
    }

    /// Loads the day's numbers, numbers what is new, and saves them when something changed.
    /// A cache that cannot be read or written is rebuilt or skipped: numbers are a convenience.
    public static func refresh(vault: Vault, cards: [Card], today: Day) -> ShortNumbers {
        let path = vault.url(file)
        let previous = FileManager.default.contents(atPath: path).flatMap { try? JSONDecoder().decode(ShortNumbers.self, from: $0) }
        let numbers = assign(previous: previous, cards: cards, today: today)
        if numbers != previous, let data = try? JSONEncoder().encode(numbers) {
            try? FileSystem.writeAtomically(String(decoding: data, as: UTF8.self), to: path)
        }
        return numbers
    }
}
