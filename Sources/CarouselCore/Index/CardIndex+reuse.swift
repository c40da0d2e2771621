import Foundation
import GRDB

/// Every card, as `cards()` gives them, with the values of an earlier load kept where the index
/// row is the same: a long-running reader (`carousel serve`) builds again only what changed.
///
/// A row is what the index read from its file at the stamp it records (size, modification time
/// and inode; a write by Carousel is a rename, so always a new inode). The index reads a file
/// again exactly when its stamp differs, so a path with the same stamp has the same row, and the
/// same card. Whoever changed the index in between (this process, a command in a terminal, a
/// rebuild after `.carousel/` was removed), the stamps tell.
public struct LoadedCards: Sendable {
    public let cards: [Card]
    /// Every row's stamp, cards that do not parse included (their rows are not in `cards`).
    let stamps: RowStamps
    /// How many cards were built from their rows for this load (all of them without an earlier load).
    public let built: Int
}

/// Every row's path and stamp, packed, in the index's path order (SQLite's byte order).
struct RowStamps: Sendable {
    /// The paths, each followed by a NUL; row i's starts at `start[i]`.
    var bytes: [UInt8] = []
    var start: [Int32] = []
    var stamps: [FileStamp] = []

    /// The paths that are new in `now` or have another stamp there, and those it no longer has:
    /// one walk along both lists, comparing bytes as SQLite orders them.
    func changes(to now: RowStamps) -> (changed: [String], gone: [String]) {
        var changed: [String] = [], gone: [String] = []
        bytes.withUnsafeBytes { old in
            now.bytes.withUnsafeBytes { new in
                var i = 0, j = 0
                while i < start.count || j < now.start.count {
                    let order: Int32
                    if i == start.count { order = 1 } else if j == now.start.count { order = -1 } else {
                        order = RowStamps.compare(PackedPaths.path(i, old, start), PackedPaths.path(j, new, now.start))
                    }
                    if order < 0 {
                        gone.append(String(decoding: PackedPaths.path(i, old, start), as: UTF8.self))
                        i += 1
                    } else if order > 0 {
                        changed.append(String(decoding: PackedPaths.path(j, new, now.start), as: UTF8.self))
                        j += 1
                    } else {
                        if stamps[i] != now.stamps[j] { changed.append(String(decoding: PackedPaths.path(j, new, now.start), as: UTF8.self)) }
                        i += 1
                        j += 1
                    }
                }
            }
        }
        return (changed, gone)
    }

    /// SQLite's BINARY order: the bytes, then the shorter first.
    static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int32 {
        let n = min(a.count, b.count)
        if n > 0, let pa = a.baseAddress, let pb = b.baseAddress {
            let c = memcmp(pa, pb, n)
            if c != 0 { return c }
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }
}

extension CardIndex {
    /// More changed rows than this and the whole list is read again: one query of every row
    /// costs less than a long `IN` list.
    static let reuseLimit = 2000

    /// Every row's path and stamp, from the stamps' covering index in its order.
    func rowStamps() throws(CarouselError) -> RowStamps {
        try read { db in
            var out = RowStamps()
            try StoredStamps.forEachRow(db, sql: "SELECT path, size, mtime, inode FROM cards INDEXED BY cards_stamp ORDER BY path") { path, stamp in
                out.start.append(Int32(out.bytes.count))
                out.bytes.append(contentsOf: path)
                out.bytes.append(0)
                out.stamps.append(stamp)
                return true
            }
            return out
        }
    }

    /// Every card (see `LoadedCards`), reusing `earlier`'s values for the rows whose stamps
    /// it also has.
    func loadCards(reusing earlier: LoadedCards?) throws(CarouselError) -> LoadedCards {
        let stamps = try rowStamps()
        guard let earlier else { return try fullLoad(stamps) }
        let (changed, gone) = earlier.stamps.changes(to: stamps)
        if changed.isEmpty, gone.isEmpty { return LoadedCards(cards: earlier.cards, stamps: stamps, built: 0) }
        if changed.count + gone.count > CardIndex.reuseLimit { return try fullLoad(stamps) }
        let fresh = changed.isEmpty ? [] : try cards(where: "path IN (\(Array(repeating: "?", count: changed.count).joined(separator: ",")))",
                                                     arguments: StatementArguments(changed))
        // The earlier list, in `cards()`'s order, with those paths taken out and the fresh
        // cards put in their places.
        let dropped = (changed + gone).compactMap { CardIndex.position(of: $0, in: earlier.cards) }.sorted(by: >)
        var all = earlier.cards
        if dropped.count + fresh.count <= 32 {
            // A few: in place, without a pass over every card.
            for i in dropped { all.remove(at: i) }
            for card in fresh { all.insert(card, at: CardIndex.lowerBound(card.path, in: all)) }
        } else {
            let drop = Set(dropped)
            all = CardIndex.merged(earlier.cards.indices.lazy.filter { !drop.contains($0) }.map { earlier.cards[$0] }, fresh)
        }
        return LoadedCards(cards: all, stamps: stamps, built: fresh.count)
    }

    /// Two lists in `cards()`'s order as one, in that order.
    static func merged(_ a: some Sequence<Card>, _ b: [Card]) -> [Card] {
        var out: [Card] = []
        out.reserveCapacity(a.underestimatedCount + b.count)
        var j = 0
        for card in a {
            while j < b.count, b[j].path < card.path {
                out.append(b[j])
                j += 1
            }
            out.append(card)
        }
        out += b[j...]
        return out
    }

    /// The first card whose path does not sort before `path` (`cards()` sorts with `<`).
    static func lowerBound(_ path: String, in cards: [Card]) -> Int {
        var low = 0, high = cards.count
        while low < high {
            let mid = (low + high) / 2
            if cards[mid].path < path { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Where the card of exactly `path` is, by its bytes: two names that differ only in their
    /// Unicode normalization are two files, but equal Strings, side by side in the list.
    static func position(of path: String, in cards: [Card]) -> Int? {
        var i = lowerBound(path, in: cards)
        while i < cards.count, cards[i].path == path {
            if cards[i].path.utf8.elementsEqual(path.utf8) { return i }
            i += 1
        }
        return nil
    }

    private func fullLoad(_ stamps: RowStamps) throws(CarouselError) -> LoadedCards {
        let all = try cards()
        return LoadedCards(cards: all, stamps: stamps, built: all.count)
    }
}
