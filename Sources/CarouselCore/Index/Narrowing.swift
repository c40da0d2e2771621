import GRDB

extension CardIndex {
    /// The cards `filter` can keep: the rows that pass the tests the index can answer exactly
    /// or more loosely (never fewer), and, with `text`, whose title or body contains it (any case).
    /// The caller still applies the filter, which keeps its rules in one place.
    func cards(narrowedBy filter: CardFilter, today: Day, containing text: String? = nil) throws(CarouselError) -> [Card] {
        let textIndex = text.map { CardIndex.usesTextIndex($0.lowercased()) && (try? makeTextIndex()) != nil } ?? false
        let narrowing = Narrowing(filter, today: today, containing: text, textIndex: textIndex)
        return try cards(where: narrowing.clause, arguments: narrowing.arguments, function: narrowing.function)
    }
}

/// The SQL condition that keeps every row a `CardFilter` can keep (never fewer, sometimes more).
struct Narrowing {
    var terms: [String] = []
    var args: [(any DatabaseValueConvertible)?] = []
    var function: DatabaseFunction?

    var clause: String { terms.isEmpty ? "1" : terms.joined(separator: " AND ") }
    var arguments: StatementArguments { StatementArguments(args) }

    /// With `text`, only rows whose title or body contains it (any case), narrowed first by the
    /// text index when `textIndex`.
    init(_ filter: CardFilter, today: Day, containing text: String? = nil, textIndex: Bool = false) {
        switch filter.status {
        case .any: break
        case .open: terms.append("(repeat IS NOT NULL OR done IS NULL)")
        case .done: terms.append("(repeat IS NOT NULL OR done IS NOT NULL)")
        }
        // ISO dates compare as text for four-digit years: a one-off card due before today.
        if filter.overdue, today.year >= 1000, today.year <= 9999 {
            terms.append("(kind != 'event' AND repeat IS NULL AND done IS NULL AND due < ?)")
            args.append(today.iso)
        }
        if let kind = filter.kind { terms.append("kind = ?"); args.append(kind.rawValue) }
        if filter.repeating || filter.repeatingTest == true { terms.append("repeat IS NOT NULL") }
        if filter.repeatingTest == false { terms.append("repeat IS NULL") }
        switch filter.pulled {
        case true?: terms.append("today = ?"); args.append(today.iso)
        case false?: terms.append("(today IS NULL OR today != ?)"); args.append(today.iso)
        case nil: break
        }
        for (column, range) in [("spoons", filter.spoons), ("importance", filter.importance)] {
            guard let range else { continue }
            terms.append("\(column) BETWEEN ? AND ?")
            args += [range.lowerBound, range.upperBound]
        }
        if filter.noCategory { terms.append("category IS NULL") }
        switch filter.hasDue {
        case true?: terms.append("(repeat IS NOT NULL OR due IS NOT NULL)")
        case false?: terms.append("(repeat IS NOT NULL OR due IS NULL)")
        case nil: break
        }
        if let paths = filter.paths, paths.count <= 500 {
            terms.append("path IN (" + paths.map { _ in "?" }.joined(separator: ",") + ")")
            args += paths.sorted().map { $0 }
        }
        if let text {
            let needle = text.lowercased()
            function = CardIndex.contains
            // The text index narrows the rows when it can; the test above decides.
            if textIndex {
                terms.append("rowid IN (SELECT rowid FROM cards_text WHERE cards_text MATCH ?)")
                args.append(CardIndex.phrase(needle))
            }
            terms.append("(carousel_contains(title, ?) OR carousel_contains(body, ?))")
            args += [needle, needle]
        }
    }
}
