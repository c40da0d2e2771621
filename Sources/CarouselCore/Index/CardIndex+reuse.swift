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
    let stamps: [String: FileStamp]
    /// How many cards were built from their rows for this load (all of them without an earlier load).
    public let built: Int
}

extension CardIndex {
    /// More changed rows than this and the whole list is read again: one query of every row
    /// costs less than a long `IN` list.
    static let reuseLimit = 2000

    /// Every row's path and stamp, read from the stamps' covering index.
    func rowStamps() throws(CarouselError) -> [String: FileStamp] {
        try read { db in
            var out: [String: FileStamp] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT path, size, mtime, inode FROM cards INDEXED BY cards_stamp")
            while let row = try rows.next() {
                let inode: Int64 = row[3] ?? 0
                out[row[0]] = FileStamp(size: row[1] ?? 0, mtime: row[2] ?? 0, inode: UInt64(bitPattern: inode))
            }
            return out
        }
    }

    /// Every card (see `LoadedCards`), reusing `earlier`'s values for the rows whose stamps
    /// it also has.
    func loadCards(reusing earlier: LoadedCards?) throws(CarouselError) -> LoadedCards {
        let stamps = try rowStamps()
        guard let earlier else { return try fullLoad(stamps) }
        var changed: [String] = []
        for (path, stamp) in stamps where earlier.stamps[path] != stamp {
            changed.append(path)
            if changed.count > CardIndex.reuseLimit { return try fullLoad(stamps) }
        }
        let gone = earlier.stamps.keys.filter { stamps[$0] == nil }
        if changed.isEmpty, gone.isEmpty { return LoadedCards(cards: earlier.cards, stamps: stamps, built: 0) }
        let drop = Set(changed).union(gone)
        let kept = earlier.cards.filter { !drop.contains($0.path) }
        let fresh = changed.isEmpty ? [] : try cards(where: "path IN (\(Array(repeating: "?", count: changed.count).joined(separator: ",")))",
                                                     arguments: StatementArguments(changed))
        return LoadedCards(cards: CardIndex.merged(kept, fresh), stamps: stamps, built: fresh.count)
    }

    private func fullLoad(_ stamps: [String: FileStamp]) throws(CarouselError) -> LoadedCards {
        let all = try cards()
        return LoadedCards(cards: all, stamps: stamps, built: all.count)
    }

    /// Two lists in path order as one, in the same order `cards()` sorts by.
    static func merged(_ a: [Card], _ b: [Card]) -> [Card] {
        var out: [Card] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if b[j].path < a[i].path {
                out.append(b[j]); j += 1
            } else {
                out.append(a[i]); i += 1
            }
        }
        out += a[i...]
        out += b[j...]
        return out
    }
}
