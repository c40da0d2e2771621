/// Filters written the Taskwarrior way, for `list` and the bulk forms of `done`, `rm`, `set` and
/// `pull`: `+home -someday category:work due.before:eow status:open kind:event limit:5`.
/// Words that are not filter terms are REFs (short numbers, slugs, ids) or, for `list`, text.
public struct FilterTerms: Sendable, Equatable {
    public var filter = CardFilter()
    /// Words that are no filter term, in order.
    public var words: [String] = []
    /// True when at least one filter term was given (so a bulk command has a selection).
    public var hasTerms = false
    /// Whether `status:` was given; bulk `done` and `pull` default to open cards otherwise.
    public var hasStatus = false

    public init() {}

    public static let keys = ["category", "project", "kind", "status", "tag", "tags", "due", "due.before", "due.after",
                              "due.by", "due.on", "due.is", "due.none", "due.any", "spoons", "importance", "priority", "limit"]

    /// True when a word is a filter term rather than a REF or text.
    public static func isTerm(_ w: String) -> Bool {
        var probe = FilterTerms()
        if probe.readMarker(w) { return true }
        if let first = w.first, first == "+" || first == "-", w.count > 1, let second = w.dropFirst().first, second.isLetter {
            return true
        }
        guard let colon = w.firstIndex(of: ":") else { return false }
        return keys.contains(w[..<colon].lowercased())
    }

    /// Reads the words after a command. Unknown `key:` words and bad values are errors that say
    /// what is accepted; nothing is guessed.
    public static func parse(_ input: [String], dates: DateWords) throws(CarouselError) -> FilterTerms {
        var t = FilterTerms()
        for w in input {
            if w.hasPrefix("--") {
                throw .usage("unknown option '\(w)'; see `carousel help` for the options this command takes")
            }
            // `-o` is a short option in most tools; none of Carousel's options is one letter, and
            // reading it as "not tagged o" would silently hide nothing.
            if w.count == 2, w.first == "-", w.last?.isLetter == true {
                throw .usage("unknown option '\(w)': Carousel's options are spelled out (--open, --overdue, --done …); "
                    + "`carousel help` lists each command's options")
            }
            if let first = w.first, first == "+" || first == "-", w.count > 1, w.dropFirst().first?.isLetter == true {
                t.hasTerms = true
                let name = String(w.dropFirst())
                if let virtual = Virtual(rawValue: name) {
                    virtual.apply(to: &t.filter, include: first == "+")
                } else if first == "+" {
                    t.filter.tagsIncluded.append(name)
                } else {
                    t.filter.tagsExcluded.append(name)
                }
                continue
            }
            if t.readMarker(w) {
                t.hasTerms = true
                continue
            }
            guard let colon = w.firstIndex(of: ":"), !w[..<colon].isEmpty, w[..<colon].allSatisfy({ $0.isLetter || $0 == "." }) else {
                t.words.append(w)
                continue
            }
            let key = w[..<colon].lowercased()
            let value = String(w[w.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            guard keys.contains(key) else {
                let near = Nearest.words(to: key, among: keys, limit: 1).first.map { " Did you mean '\($0):'?" } ?? ""
                throw .usage("unknown filter '\(key):'.\(near) Filters are +tag, -tag and \(keys.map { $0 + ":" }.joined(separator: ", "))")
            }
            t.hasTerms = true
            try t.read(key: key, value: value, dates: dates)
        }
        return t
    }

    mutating func read(key: String, value: String, dates: DateWords) throws(CarouselError) {
        func day(_ v: String) throws(CarouselError) -> Day {
            guard let d = dates.read(v)?.value.day else {
                throw .usage("\(key): " + DateInput.refusal(v))
            }
            return d
        }
        switch key {
        case "category", "project":
            filter.category = value.isEmpty ? nil : value
            filter.noCategory = value.isEmpty
        case "kind":
            guard let kind = CardKind(rawValue: value.lowercased()) else {
                throw .usage("kind: must be task, idea or event, found \"\(value)\"")
            }
            filter.kind = kind
        case "status":
            hasStatus = true
            switch value.lowercased() {
            case "open", "pending": filter.status = .open
            case "done", "completed": filter.status = .done
            case "any", "all", "": filter.status = .any
            default: throw .usage("status: must be open, done or any, found \"\(value)\"")
            }
        case "tag", "tags":
            filter.tagsIncluded += value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        case "due" where value.isEmpty, "due.none":
            filter.hasDue = false
        case "due.any":
            filter.hasDue = true
        case "due", "due.on", "due.is":
            filter.dueTests.append(.on(try day(value)))
        case "due.before":
            filter.dueTests.append(DateWords.isEnd(value) ? .by(try day(value)) : .before(try day(value)))
        case "due.after":
            filter.dueTests.append(.after(try day(value)))
        case "due.by":
            filter.dueTests.append(.by(try day(value)))
        case "spoons", "importance":
            guard let range = CardFilter.range(value) else {
                throw .usage("\(key): must be 1–5 or a range like 1-2, found \"\(value)\"")
            }
            if key == "spoons" { filter.spoons = range } else { filter.importance = range }
        case "priority":
            // Taskwarrior's H, M and L, as quick capture reads them (5, 3 and 1), or a number.
            let letters: [String: ClosedRange<Int>] = ["H": 5...5, "M": 3...3, "L": 1...1]
            guard let range = letters[value.uppercased()] ?? CardFilter.range(value) else {
                throw .usage("priority: must be H, M, L, 1–5 or a range like 4-5, found \"\(value)\"")
            }
            filter.importance = range
        case "limit":
            guard let n = Int(value), n >= 0 else { throw .usage("limit: must be a number (0 = all), found \"\(value)\"") }
            filter.limit = n
        default:
            break
        }
    }

    /// Taskwarrior-style virtual tags, in capitals: `+OVERDUE`, `-SOMEDAY`, `+REPEATING`, `+TODAY`.
    enum Virtual: String {
        case overdue = "OVERDUE", someday = "SOMEDAY", repeating = "REPEATING", today = "TODAY", done = "DONE", open = "OPEN"

        func apply(to f: inout CardFilter, include: Bool) {
            switch self {
            case .overdue: if include { f.overdue = true } else { f.notOverdue = true }
            case .someday: f.hasDue = !include
            case .repeating: f.repeatingTest = include
            case .today: f.pulled = include
            case .done: f.status = include ? .done : .open
            case .open: f.status = include ? .open : .done
            }
        }
    }
}

extension CardFilter {
    /// Adds the long flags' settings to terms already read; a flag given wins where both set one thing.
    public mutating func merge(_ flags: CardFilter) {
        if let tag = flags.tag { tagsIncluded.append(tag) }
        if let c = flags.category { category = c }
        if let d = flags.due { dueTests.append(d) }
        if flags.overdue { overdue = true }
        if flags.status != .any { status = flags.status }
        if flags.repeating { repeating = true }
        if let s = flags.spoons { spoons = s }
        if let i = flags.importance { importance = i }
        if let k = flags.kind { kind = k }
        sort = flags.sort
    }
}
