import GRDB

/// Narrow reads of the index, so a command builds card values only for the rows it shows.
/// Every query returns cards in path order, the order of the full list, so a view given the
/// rows it needs sees them exactly as it would in the whole vault.
extension CardIndex {
    /// `body` on the index's connection; a failure says the index could not be read and what to do.
    func read<T>(_ body: (Database) throws -> T) throws(CarouselError) -> T {
        do {
            return try db.read(body)
        } catch {
            throw CardIndex.unreadable(error)
        }
    }

    /// The error of a read of the index that failed: it is a cache of `cards/`, so removing it
    /// loses nothing.
    static func unreadable(_ error: any Error) -> CarouselError {
        .io("the index could not be read: \(error). It only caches cards/: remove .carousel/index.sqlite and the next command builds it again.")
    }

    /// The cards whose rows match `clause` (an SQL condition over the `cards` columns, which
    /// may call `function`).
    public func cards(where clause: String = "ok = 1", arguments: StatementArguments = [],
                      function: DatabaseFunction? = nil) throws(CarouselError) -> [Card] {
        var cards: [Card] = []
        try forEachCard(where: clause, arguments: arguments, function: function, keeping: true) { cards.append($0) }
        return cards.sorted(byKey: \.path, <)
    }

    /// Calls `body` with each card of `clause`, in no set order, as the rows are read: no list of
    /// them all is made. With `keeping`, the repeating cards built are kept for later reads of
    /// the same rows in this command (`built`): home reads them for the carousel, the board's
    /// counts and the day's timeline. Other rows are read once by any one view.
    public func forEachCard(where clause: String, arguments: StatementArguments = [], function: DatabaseFunction? = nil,
                            keeping: Bool = false, _ body: (Card) throws -> Void) throws(CarouselError) {
        do {
            try db.read { db in
                if let function { db.add(function: function) }
                let rows = try Row.fetchCursor(db, sql: "SELECT \(CardRow.selectColumns), rowid FROM cards WHERE ok = 1 AND (\(clause))",
                                               arguments: arguments)
                while let row = try rows.next() {
                    if let card = card(of: row, keeping: keeping) { try body(card) }
                }
            }
        } catch let error as CarouselError {
            throw error
        } catch {
            throw CardIndex.unreadable(error)
        }
    }

    /// The card of a row of `SELECT \(CardRow.selectColumns), rowid`; nil when it does not parse.
    func card(of row: Row, keeping: Bool) -> Card? {
        let rowid: Int64 = row[CardRow.selectCount]
        if let card = built[rowid] { return card }
        guard let card = CardRow(row: row).card else { return nil }
        if keeping { keep(card, rowid: rowid) }
        return card
    }

    /// Keeps a repeating card built from row `rowid` for later reads in this command (`built`).
    func keep(_ card: Card, rowid: Int64) {
        if card.repeatRule != nil, built.count < CardIndex.builtLimit, built[rowid] == nil { built[rowid] = card }
    }

    /// A condition that holds for exactly the rows one of `parts` holds for, each part answered by
    /// its own index: `repeat IS NOT NULL OR due >= ?1` would make SQLite read every row.
    static func rowids(_ parts: [String]) -> String {
        "rowid IN (" + parts.map { part in
            "SELECT rowid FROM cards" + (partialIndex[part].map { " INDEXED BY \($0)" } ?? "") + " WHERE \(part)"
        }.joined(separator: " UNION ALL ") + ")"
    }

    /// The partial index that holds exactly the rows of a condition (`CardRow.schema`). Asked
    /// only for rowids, SQLite chose to scan all of `cards_due` (it covers `repeat` and `kind`)
    /// rather than the 2,000 entries of `cards_repeat`: at 100,000 cards that scan was 20 ms of
    /// every home, `suggest`, `board` and calendar. Named here, the plan cannot drift.
    static let partialIndex = [
        "repeat IS NOT NULL": "cards_repeat", "wait IS NOT NULL": "cards_wait", "kind = 'event'": "cards_events",
        "blocked_by IS NOT NULL": "cards_blocked", repeatingEvents: "cards_events", spanningEvents: "cards_events",
    ]
    static let repeatingEvents = "kind = 'event' AND repeat IS NOT NULL"
    /// Events that last days and began up to a year before the range (?3) and before its end
    /// (?2). Through `cards_due`, SQLite read a year of due dates to find them: 5 ms of every
    /// home, timeline and calendar at 100,000 cards, against 0.9 ms through the events.
    static let spanningEvents = "kind = 'event' AND duration IS NOT NULL AND due >= ?3 AND due < ?2"

    /// Every card with only what naming one by REF reads, in path order as `cards()` gives them:
    /// four short strings a card instead of a whole card value.
    func namingCards() throws(CarouselError) -> [CardName] {
        try read { db in
            var rows: [CardName] = []
            let cursor = try Row.fetchCursor(db, sql: "SELECT path, slug, title, id FROM cards WHERE ok = 1")
            while let row = try cursor.next() { rows.append(CardName(path: row[0], slug: row[1], title: row[2], id: row[3])) }
            return rows.sorted(byKey: \.path, <)
        }
    }

    /// How many rows hold a card that parses.
    func count() throws(CarouselError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM cards WHERE ok = 1") ?? 0 }
    }

    /// How many card files there are: every one has a row, parsed or not.
    func fileCount() throws(CarouselError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM cards") ?? 0 }
    }

    /// The cards pulled into `day`'s list.
    public func cards(pulledOn day: Day) throws(CarouselError) -> [Card] {
        try cards(where: "today = ?", arguments: [day.iso])
    }

    /// Every card that can appear on a day of `from...to` (`Placement.days`): the repeating
    /// ones, and the others whose `due` or `start` falls in the range. Dates are stored as ISO
    /// text (`YYYY-MM-DD`, then an optional time), so for four-digit years a text range is a day
    /// range; nil outside those years, where the caller reads every card.
    public func cards(placedFrom from: Day, to: Day) throws(CarouselError) -> [Card]? {
        try cards(placedFrom: from, to: to, timed: false)
    }

    /// The same; with `timed`, only the cards that can be fixed at a time of day
    /// (`Card.canBeFixed`): a start time is stored as `YYYY-MM-DDTHH:MM`.
    func cards(placedFrom from: Day, to: Day, timed: Bool) throws(CarouselError) -> [Card]? {
        guard from.year >= 1000, to.year <= 9998 else { return nil }
        // ?3: an event that lasts days (`duration:`) and began up to a year before still covers the range.
        let arguments: StatementArguments = [from.iso, to.adding(days: 1).iso, from.adding(days: -366).iso]
        let spanning = CardIndex.spanningEvents
        if timed {
            // Few cards have a start time or are events: their repeating ones are found through
            // the start and event indexes, not among every repeating card, and built on one core.
            let repeating = [CardIndex.repeatingEvents, "repeat IS NOT NULL AND start > '' AND instr(start, 'T') > 0"]
            return try cards(where: CardIndex.rowids(repeating + ["due >= ?1 AND due < ?2", "start >= ?1 AND start < ?2", spanning])
                                 + " AND (kind = 'event' OR instr(start, 'T') > 0)", arguments: arguments)
        }
        // A week or more can be thousands of rows: built on both cores.
        if from < to {
            return try cardsOnBothCores(where: CardIndex.rowids(["repeat IS NOT NULL", "due >= ?1 AND due < ?2", "start >= ?1 AND start < ?2", spanning]),
                                        arguments: arguments)
        }
        // One day: the repeating cards as the other views of the command read them (`otherRows`).
        let oneOff = try cards(where: "repeat IS NULL AND " + CardIndex.rowids(["due >= ?1 AND due < ?2", "start >= ?1 AND start < ?2", spanning]),
                               arguments: arguments)
        return (try otherRows().filter(\.repeats).map(\.card) + oneOff).sorted(byKey: \.path, <)
    }

    /// Cards whose slug, id or path is exactly `needle` (or `path`).
    func cards(named needle: String, path: String) throws(CarouselError) -> [Card] {
        try cards(where: "slug = ? OR id = ? OR path = ?", arguments: [needle, needle, path])
    }

    /// The slugs that start with `prefix`, from the slug index (U+10FFFF sorts after every
    /// character a slug can go on with).
    func slugs(startingWith prefix: String) throws(CarouselError) -> [String] {
        try read { db in
            try String.fetchAll(db, sql: "SELECT slug FROM cards WHERE slug >= ? AND slug < ?", arguments: [prefix, prefix + "\u{10FFFF}"])
        }
    }

    /// Cards whose slug or lowercased id starts with `prefix`, which must be plain ASCII
    /// (letters, digits, `-`, `_`, `.`): then the byte range below finds every candidate, and the
    /// caller applies its own test.
    func cards(prefixed prefix: String) throws(CarouselError) -> [Card] {
        guard let last = prefix.utf8.last else { return [] }
        let upper = String(decoding: Array(prefix.utf8.dropLast()) + [last + 1], as: UTF8.self)
        return try cards(where: "(slug >= ?1 AND slug < ?2) OR (lid >= ?1 AND lid < ?2)", arguments: [prefix, upper])
    }

    /// Cards with a `parent:`, with every card whose slug or id one of them could name: all
    /// that `ParentGraph` needs to find cycles exactly as over the whole vault.
    func parentCandidates() throws(CarouselError) -> [Card] {
        // One OR would make SQLite read the whole table (every command pays this query).
        try cards(where: CardIndex.rowids([
            "parent IS NOT NULL",
            "slug IN (SELECT parent FROM cards WHERE parent IS NOT NULL)",
            "id IN (SELECT parent FROM cards WHERE parent IS NOT NULL)",
            "slug IN (SELECT slug FROM cards WHERE parent IS NOT NULL)",
        ]))
    }

    /// The cards with a `blocked_by:` list: every card a dependency cycle can run through.
    func blockedCards() throws(CarouselError) -> [Card] {
        try cards(where: "blocked_by IS NOT NULL")
    }

    /// The cards whose `parent:` names `slug` or `id`.
    func children(slug: String, id: String?) throws(CarouselError) -> [Card] {
        try cards(where: "parent = ? OR parent = ?", arguments: [slug, id ?? slug])
    }
}

extension CardIndex {
    /// Re-reads the card files Carousel just wrote (or removes the rows of those now gone), so
    /// later queries in the same command see the change.
    func reread(_ paths: [String]) throws(CarouselError) {
        var seen: Set<String> = []
        let paths = paths.filter { seen.insert($0).inserted }
        guard !paths.isEmpty else { return }
        forgetBuilt()
        do {
            try db.write { db in
                // The rows as the copy holds them: as this command wrote it, else as it is on
                // disk when it is current (otherwise the next refresh reads the rows).
                var listing = stampListing
                if listing == nil, let stampFile, let generation = try CardIndex.generation(db),
                   let copy = StampFile.read(stampFile, generation: generation) {
                    listing = StampListing(copy)
                }
                try CardIndex.forgetText(db, paths: paths)
                var changes: [(path: String, stamp: FileStamp?)] = []
                for path in paths {
                    let stamp = FileSystem.stamp(vault.url(path))
                    if let stamp {
                        try db.execute(sql: CardRow.upsert, arguments: CardRow.read(path: path, vault: vault, stamp: stamp).arguments)
                    } else {
                        try db.execute(sql: "DELETE FROM cards WHERE path = ?", arguments: [path])
                    }
                    changes.append((path, stamp))
                }
                try CardIndex.learnText(db, paths: changes.filter { $0.stamp != nil }.map(\.path))
                // The stamp file follows, so the next refresh still reads it and not the rows.
                if var listing {
                    listing.set(changes)
                    try copyStamps(listing, db)
                    stampListing = listing
                }
            }
        } catch {
            throw .io("the index could not be updated: \(error)")
        }
    }
}

extension CardIndex {
    /// What `ShortNumbers.assign` reads of every card, in path order: for a one-off card its
    /// path, id, slug, due, created and whether it is done, from its row; repeating cards are
    /// read whole (their due day comes from their rule). At 100,000 cards this is a fraction of
    /// the memory of every card value.
    func numberingItems(today: Day) throws(CarouselError) -> [ShortNumbers.NumberingItem] {
        var items = try cards(where: "repeat IS NOT NULL").map { ShortNumbers.NumberingItem($0, today: today) }
        try read { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT path, id, slug, due, created, done FROM cards WHERE ok = 1 AND repeat IS NULL")
            while let row = try rows.next() {
                items.append(ShortNumbers.NumberingItem(path: row[0], id: row[1], slug: row[2],
                                                        due: (row[3] as String?).flatMap { DateValue(text: $0) },
                                                        created: (row[4] as String?).flatMap { DateValue(text: $0) },
                                                        done: (row[5] as String?).flatMap { DateValue(text: $0) } != nil))
            }
        }
        return items.sorted { $0.key.path < $1.key.path }
    }
}
