/// `FIELD=VALUE` as typed after `carousel set`, checked before anything is written.
public struct FieldAssignment: Sendable, Equatable {
    public let field: String
    /// The raw value; empty clears the field.
    public let value: String

    public init(field: String, value: String) {
        self.field = field
        self.value = value
    }

    /// Parses `field=value`. The field name is lowercase letters, digits, `_` and `-`.
    public static func parse(_ text: String) throws(CarouselError) -> FieldAssignment {
        guard let eq = text.firstIndex(of: "=") else {
            throw .usage("expected FIELD=VALUE, found \"\(text)\" (for example spoons=2 or tags=home,plants)")
        }
        let field = text[..<eq].trimmingCharacters(in: .whitespaces).lowercased()
        let value = text[text.index(after: eq)...].trimmingCharacters(in: .whitespaces)
        guard !field.isEmpty, field.allSatisfy({ ($0.isLetter && $0.isASCII) || $0.isNumber || $0 == "_" || $0 == "-" }) else {
            throw .usage("\"\(field)\" is not a field name; use letters, digits, _ and -")
        }
        if !knownFields.contains(field) {
            let near = Nearest.words(to: field, among: knownFields)
            if !near.isEmpty {
                throw .usage("unknown field '\(field)'." + Nearest.hint(for: field, among: knownFields)
                    + " (A field of your own with a name this close is added with `carousel edit`.)")
            }
        }
        return FieldAssignment(field: field, value: value)
    }

    /// Fields Carousel reads or writes on cards (docs/format.md); any other name is the person's
    /// own field, kept as text, unless it is a near miss of one of these.
    public static let knownFields: [String] = [
        "id", "title", "kind", "spoons", "importance", "category", "tags", "due", "start", "duration", "repeat",
        "series_start", "parent", "blocked_by", "today", "done", "completed", "skipped", "created", "icon", "emoji", "color",
        "remind", "except", "also", "wait", "first_step", "scheduled", "until", "uid", "source", "url", "location", "notes",
    ]
}

extension Workspace {
    /// Applies one assignment to a card file, validating the value the way the parser would.
    func apply(_ a: FieldAssignment, to file: inout CardFile) throws(CarouselError) {
        let v = a.value
        if v.isEmpty {
            guard !["id", "title"].contains(a.field) else {
                throw .invalidValue(field: a.field, message: "cannot be empty")
            }
            // TaskNotes' spelling of the same list goes too.
            if a.field == "blocked_by" { file.remove("blockedBy") }
            file.remove(a.field)
            return
        }
        switch a.field {
        case "id":
            throw .invalidValue(field: "id", message: "is how other cards and devices find this card, so it cannot be changed")
        case "title":
            let title = OneLine.of(v)
            guard !title.isEmpty else { throw .invalidValue(field: "title", message: "cannot be empty") }
            file.set("title", string: title)
        case "kind":
            guard let kind = CardKind(rawValue: v.lowercased()) else {
                throw .invalidValue(field: "kind", message: "must be task, idea or event, found \"\(v)\"")
            }
            file.set("kind", string: kind.rawValue)
        case "spoons", "importance":
            guard let n = Int(v), (1...5).contains(n) else {
                throw .invalidValue(field: a.field, message: "must be 1–5, found \"\(v)\"")
            }
            file.set(a.field, int: n)
        case "tags":
            file.set("tags", list: FieldAssignment.list(v))
        case "tz":
            // A zone the card can be read in, written by its Olson name (empty clears it: floating).
            guard let zone = ZonedTime.zone(named: v) else {
                throw .invalidValue(field: "tz", message: "\"\(v)\" is not a time zone; write an Olson name like Europe/Berlin, or UTC")
            }
            file.set("tz", string: ZonedTime.name(zone))
        case "remind":
            let values = FieldAssignment.list(v)
            if case .failure(let e) = RemindSpec.parseList(values) { throw .invalidValue(field: "remind", message: e.message) }
            if values.count == 1 { file.set("remind", string: values[0]) } else { file.set("remind", list: values) }
        case "due", "start", "today", "series_start":
            guard let reading = dateWords.read(v) else {
                throw .invalidValue(field: a.field, message: DateInput.refusal(v))
            }
            let date = reading.value
            // A start time on the old due day (an appointment: "dentist tue 3pm") moves with the due day.
            if a.field == "due", let old = file.card.due, let start = file.card.start, start.minutes != nil,
               start.day == old.day, date.day != old.day, !reading.spokenTime {
                file.set("start", string: DateValue(day: date.day, minutes: start.minutes).description)
            }
            if a.field == "due" && reading.spokenTime {
                // A time said in words ("friday 3pm") places the card on the timeline: it sets start.
                file.set("due", string: date.day.iso)
                file.set("start", string: date.description)
            } else {
                file.set(a.field, string: ["today", "series_start"].contains(a.field) ? date.day.iso : date.description)
            }
        case "done":
            if ["now", "true", "yes"].contains(v.lowercased()) {
                file.set("done", string: moment.stamp.description)
            } else if let date = DateInput.parse(v, today: today, settings: settings) {
                file.set("done", string: date.description)
            } else {
                throw .invalidValue(field: "done", message: DateInput.refusal(v, expected: "now or " + DateInput.help))
            }
        case "completed", "skipped", "except", "also":
            var days: [String] = []
            for item in FieldAssignment.list(v) {
                guard let d = DateInput.parse(item, today: today, settings: settings) else {
                    throw .invalidValue(field: a.field, message: "expected dates like 2026-11-20, found \"\(item)\"")
                }
                days.append(d.day.iso)
            }
            file.set(a.field, list: Array(Set(days)).sorted())
        case "repeat":
            do {
                _ = try RecurrenceRule.parse(v)
            } catch {
                throw .invalidValue(field: "repeat", message: "\(error.message) (at \"\(error.offendingWord)\", column \(error.column))")
            }
            file.set("repeat", string: v)
        case "parent":
            let parent = try resolve(v)
            // The cards with a parent and those they can name: all a cycle can run through.
            let graph = ParentGraph(cards: try source.parentCandidates() + [parent])
            if parent.path == file.card.path { throw .parentCycle([file.card.slug, file.card.slug]) }
            if let chain = graph.cycle(from: file.card, withParent: parent.slug) { throw .parentCycle(chain) }
            file.set("parent", string: parent.slug)
        case "blocked_by":
            try setBlockers(FieldAssignment.list(v), in: &file)
        case "created":
            guard let date = DateInput.parse(v, today: today, settings: settings) else {
                throw .invalidValue(field: "created", message: DateInput.refusal(v))
            }
            file.set("created", string: date.description)
        default:
            // Category, emoji, color, duration and the person's own fields are kept as text.
            file.set(a.field, string: v)
        }
    }
}

extension FieldAssignment {
    /// `home, plants` → ["home", "plants"], dropping empties and repeats, keeping order.
    static func list(_ text: String) -> [String] {
        var seen: Set<String> = []
        return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}
