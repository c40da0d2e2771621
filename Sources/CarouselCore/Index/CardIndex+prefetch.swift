import Foundation
import GRDB

/// A read on a second connection to the index file while the command's own connection does
/// other work. Home and `suggest` read the repeating cards and build them (one core), then count
/// and rank the open one-off rows (SQL over every open card's entry in `cards_plain`): the two
/// do not depend on each other, and the other core is idle meanwhile.
final class SecondRead<Value>: @unchecked Sendable {
    private let read: Background<Value?>

    init(path: String, _ body: @escaping @Sendable (Database) throws -> Value) {
        read = Background {
            guard let queue = try? DatabaseQueue(path: path, configuration: CardIndex.configuration(readonly: true)) else { return nil }
            return try? queue.read(body)
        }
    }

    /// The value once read; nil when the second connection could not read it (the caller then
    /// reads it on its own connection).
    func wait() -> Value? { read.value }
}

extension CardIndex {
    /// `body` started on a second connection, when there is a second core and an index file
    /// (an index in memory has no second connection).
    func secondRead<Value>(_ body: @escaping @Sendable (Database) throws -> Value) -> SecondRead<Value>? {
        guard secondReads, let path, ProcessInfo.processInfo.activeProcessorCount > 1 else { return nil }
        return SecondRead(path: path, body)
    }

    /// Starts reading `plainTally(today:)` on a second connection, unless it is read already or
    /// being read.
    func prefetchTally(today: Day) {
        guard tally?.day != today, tallyPrefetch?.day != today else { return }
        tallyPrefetch = secondRead { try CardIndex.plainTally($0, today: today) }.map { (today, $0) }
    }
}

extension CardIndex {
    /// `cards(where:arguments:)` with the rows shared out by rowid: this connection reads and
    /// builds the even ones while a second connection does the odd ones. For reads of thousands
    /// of rows (a month's calendar), where building the cards is most of the time.
    func cardsOnBothCores(where clause: String, arguments: StatementArguments) throws(CarouselError) -> [Card] {
        let sql = "SELECT \(CardRow.selectColumns), rowid FROM cards WHERE ok = 1 AND (\(clause)) AND rowid % 2 = 1"
        let side = secondRead { db -> [(rowid: Int64, card: Card)] in
            var out: [(rowid: Int64, card: Card)] = []
            let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
            while let row = try rows.next() {
                if let card = CardRow(row: row).card { out.append((row[CardRow.selectCount], card)) }
            }
            return out
        }
        guard let side else { return try cards(where: clause, arguments: arguments) }
        var cards: [Card] = []
        try forEachCard(where: "(\(clause)) AND rowid % 2 = 0", arguments: arguments, keeping: true) { cards.append($0) }
        if let odd = side.wait() {
            for (rowid, card) in odd {
                keep(card, rowid: rowid)
                cards.append(card)
            }
        } else {
            try forEachCard(where: "(\(clause)) AND rowid % 2 = 1", arguments: arguments, keeping: true) { cards.append($0) }
        }
        return cards.sorted(byKey: \.path, <)
    }
}
