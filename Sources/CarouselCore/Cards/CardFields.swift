import Foundation

/// One top-level front-matter value as the card rules read it. Two readers make these: the full
/// YAML parser (`YAMLCardField`) and the fast path for plain cards (`PlainCardField`); the rules
/// that turn them into a `Card` exist once, in `CardParser.card(fields:…)`.
protocol CardFieldValue {
    var key: String { get }
    /// 1-based file line and column of the value, for messages.
    var line: Int { get }
    var column: Int { get }
    /// Whether the value is YAML null (`~`, `null`, nothing), which reads as "not set".
    var isNull: Bool { get }
    /// The scalar's text; nil for a list, a mapping or an alias.
    var text: String? { get }
    /// The items of a list, nil when the value is not a list.
    var listItems: [CardListItem]? { get }
}

/// One item of a front-matter list: its text (nil for a nested value) and, when known, its
/// 1-based file line and column.
struct CardListItem {
    var text: String?
    var line: Int?
    var column: Int?
    /// For an item that is a mapping, its scalar values by key (`uid`, `reltype`, …); nil otherwise.
    var mapping: [String: String]? = nil
}

/// A field read by the full YAML parser.
struct YAMLCardField: CardFieldValue {
    let field: FrontMatterField
    /// Added to the marks of list items (which count from the first front-matter line).
    let lineOffset: Int

    var key: String { field.key }
    var line: Int { field.line }
    var column: Int { field.column }
    var isNull: Bool { field.value.isNull }
    var text: String? { field.value.text }
    var listItems: [CardListItem]? {
        field.value.sequence.map { seq in
            seq.map { item in
                CardListItem(text: item.text, line: item.mark.map { $0.line + lineOffset }, column: item.mark?.column,
                             mapping: item.mapping.map { m in
                                 Dictionary(m.compactMap { k, v in k.string.map { ($0, v.string ?? "") } }, uniquingKeysWith: { a, _ in a })
                             })
            }
        }
    }
}

extension CardParser {
    /// Makes the problem found at a 1-based line and column into a diagnostic.
    typealias Diagnose = (_ line: Int, _ column: Int, _ message: String, _ severity: FileDiagnostic.Severity) -> FileDiagnostic

    /// The card that `fields` describe (in file order), with warnings for values that were
    /// ignored. Throws the first value that makes the card unreadable.
    static func card<Field: CardFieldValue>(fields: [Field], slug: String, path: String,
                                            diag: Diagnose) throws(FileDiagnostic) -> ParsedCard {
        let layout = VaultLayout.active
        guard !layout.renamed.isEmpty else { return try card(fields: fields, slug: slug, path: path, layout: layout, diag: diag) }
        let renamed = RenamedField.reading(fields, layout)
        // A message about a renamed field names it as the file writes it (`deadline must be a date …`).
        var written: [Int: (key: String, as: String)] = [:]
        for f in renamed where f.key != f.base.key { written[f.line] = (f.key, f.base.key) }
        func reword(_ d: FileDiagnostic) -> FileDiagnostic {
            guard let w = written[d.line], d.message.hasPrefix(w.key + " ") else { return d }
            return FileDiagnostic(path: d.path, line: d.line, column: d.column, severity: d.severity,
                                  message: w.as + d.message.dropFirst(w.key.count), sourceLine: d.sourceLine)
        }
        do {
            var parsed = try card(fields: renamed, slug: slug, path: path, layout: layout, diag: diag)
            parsed.warnings = parsed.warnings.map(reword)
            return parsed
        } catch {
            throw reword(error)
        }
    }

    private static func card<Field: CardFieldValue>(fields: [Field], slug: String, path: String, layout: VaultLayout,
                                                    diag: Diagnose) throws(FileDiagnostic) -> ParsedCard {
        var card = Card(slug: slug, path: path, title: slug)
        var warnings: [FileDiagnostic] = []

        func string(_ f: Field) throws(FileDiagnostic) -> String? {
            if f.isNull { return nil }
            guard let s = f.text else { throw diag(f.line, f.column, "\(f.key) must be a single value", .error) }
            return s
        }
        func int(_ f: Field, _ range: ClosedRange<Int>) throws(FileDiagnostic) -> Int? {
            guard let s = try string(f) else { return nil }
            guard let v = Int(s) ?? Int(s.trimmingCharacters(in: .whitespaces)), range.contains(v) else {
                throw diag(f.line, f.column, "\(f.key) must be \(range.lowerBound)–\(range.upperBound), found \"\(s)\"", .error)
            }
            return v
        }
        func date(_ f: Field) throws(FileDiagnostic) -> DateValue? {
            guard let s = try string(f) else { return nil }
            guard let v = DateValue(text: s) else {
                throw diag(f.line, f.column, "\(f.key) must be a date like 2026-11-23 or 2026-11-23T09:30, found \"\(s)\"", .error)
            }
            return v
        }
        func dayList(_ f: Field) throws(FileDiagnostic) -> [Day] {
            if f.isNull { return [] }
            if f.key == "except" || f.key == "also", let text = f.text {
                // One date may be written without brackets: `except: 2026-12-25`.
                guard let d = DateValue(text: text)?.day else {
                    throw diag(f.line, f.column, "\(f.key) must list dates like [2026-12-25, 2027-01-01], found \"\(text)\"", .error)
                }
                return [d]
            }
            guard let seq = f.listItems else {
                throw diag(f.line, f.column, "\(f.key) must be a list of dates, like [2026-11-20, 2026-11-21]", .error)
            }
            var days: [Day] = []
            for item in seq {
                guard let text = item.text, let d = DateValue(text: text)?.day else {
                    throw diag(item.line ?? f.line, item.column ?? f.column,
                               "\(f.key) must list dates like 2026-11-20, found \"\(item.text ?? "a nested value")\"", .error)
                }
                days.append(d)
            }
            return days.sorted()
        }

        func blockers(_ f: Field) throws(FileDiagnostic) -> [Blocker] {
            if f.isNull { return [] }
            if let text = f.text {
                return text.split(separator: ",").map { Blocker.normalize(String($0)) }.filter { !$0.isEmpty }.map { Blocker(ref: $0) }
            }
            guard let seq = f.listItems else {
                throw diag(f.line, f.column, "\(f.key) must be a list of cards, like [buy-paint] or TaskNotes' entries with uid and reltype", .error)
            }
            var result: [Blocker] = []
            for item in seq {
                let written = item.text ?? item.mapping?["uid"]
                guard let written, !Blocker.normalize(written).isEmpty else {
                    throw diag(item.line ?? f.line, item.column ?? f.column,
                               "each \(f.key) entry must name a card (a slug, an id or a [[link]]), or be a mapping with uid: and reltype:", .error)
                }
                var blocker = Blocker(ref: Blocker.normalize(written))
                if let rel = item.mapping?["reltype"], !rel.isEmpty {
                    guard Blocker.relationTypes.contains(rel.uppercased()) else {
                        throw diag(item.line ?? f.line, item.column ?? f.column,
                                   "reltype must be one of \(Blocker.relationTypes.joined(separator: ", ")), found \"\(rel)\"", .error)
                    }
                    blocker.reltype = rel.uppercased()
                }
                if !result.contains(where: { $0.ref == blocker.ref }) { result.append(blocker) }
            }
            return result
        }

        for f in fields {
            switch f.key {
            case "id":
                card.id = try string(f).flatMap { $0.isEmpty ? nil : $0 }
                if let id = card.id, let problem = PathName.problem(id) { throw diag(f.line, f.column, "this id cannot be used (\(problem)), so the card is skipped; an id names a card on every device and must be one plain word like a ULID. Delete the id line and the next change gives it a new one", .error) }
            case "title":
                if let t = try string(f).map(OneLine.of), t.contains(where: { !$0.isWhitespace }) { card.title = t }
            case "kind":
                if let s = try string(f) {
                    guard let k = CardKind(rawValue: s.lowercased()) else {
                        throw diag(f.line, f.column, "kind must be task, idea or event, found \"\(s)\"", .error)
                    }
                    card.kind = k
                }
            case "spoons": card.spoons = try int(f, 1...5) ?? 1
            case "importance": card.importance = try int(f, 1...5) ?? 1
            case "category": card.category = try string(f)
            case "tags":
                if f.isNull { break }
                if let seq = f.listItems {
                    card.tags = seq.compactMap(\.text)
                } else if let s = f.text {
                    card.tags = s.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                } else {
                    throw diag(f.line, f.column, "tags must be a list, like [home, plants]", .error)
                }
            case "due": card.due = try date(f)
            case "start":
                // A bad start only costs the card its timeline place: it still shows everywhere else.
                do {
                    card.start = try date(f)
                } catch {
                    warnings.append(diag(f.line, f.column, error.message + "; showing the card without a start", .warning))
                }
            case "duration": card.duration = try string(f)
            case "tz":
                // A zone that is not known only costs the card its zone: its times read as floating.
                if let name = try string(f), !name.isEmpty {
                    if let zone = ZonedTime.zone(named: name) {
                        card.timeZone = ZonedTime.name(zone)
                    } else {
                        warnings.append(diag(f.line, f.column, "tz must be a time zone name like Europe/Berlin or UTC, found \"\(name)\"; reading the card's times as floating", .warning))
                    }
                }
            case "repeat":
                if let rule = try string(f), !rule.isEmpty {
                    do {
                        _ = try RecurrenceRule.parse(rule)
                        card.repeatRule = rule
                    } catch {
                        warnings.append(diag(f.line, f.column + error.column - 1,
                                             "repeat: \(error.message); showing the card without recurrence", .warning))
                    }
                }
            case "parent": card.parent = try string(f)
            case "blocked_by", "blockedBy":
                // Carousel's own spelling wins when a file has both.
                if f.key == "blocked_by" || !fields.contains(where: { $0.key == "blocked_by" }) { card.blockedBy = try blockers(f) }
            case "today": card.today = try date(f)?.day
            case "done":
                if let s = try string(f), !s.isEmpty, s.lowercased() != "false" {
                    if s.lowercased() == "true" {
                        card.done = card.created ?? DateValue(day: Day(dayNumber: 0))
                    } else {
                        card.done = try date(f)
                    }
                }
            case "completed": card.completed = try dayList(f)
            case "skipped": card.skipped = try dayList(f)
            case "except": card.exceptDates = try dayList(f)
            case "also": card.alsoDates = try dayList(f)
            case "series_start":
                // A bad start only costs the series its stored start: it is derived instead.
                do {
                    card.seriesStart = try date(f)?.day
                } catch {
                    warnings.append(diag(f.line, f.column, error.message + "; counting the series from the card's own dates", .warning))
                }
            case "wait": card.wait = try date(f)?.day
            case "created": card.created = try date(f)
            case "emoji", "icon":
                if card.emoji == nil || f.key == "emoji" { card.emoji = try string(f) }
            case "color": card.color = try string(f)
            case "first_step":
                if let s = try string(f), s.contains(where: { !$0.isWhitespace }) { card.firstStep = s }
            default: break  // unknown fields are the user's; they stay in the file untouched
            }
        }
        applyTaskNotes(fields, to: &card, layout: layout, warnings: &warnings, diag: diag)
        return ParsedCard(card: card, warnings: warnings, reminds: fields.contains { $0.key == "remind" })
    }
}

/// A field of a vault whose TaskNotes settings rename a field (`due` written as `deadline`),
/// read under TaskNotes' default key so the card rules stay the same (a message about its value
/// names that key; its line and column are the file's).
struct RenamedField<Base: CardFieldValue>: CardFieldValue {
    let base: Base
    let key: String
    var line: Int { base.line }
    var column: Int { base.column }
    var isNull: Bool { base.isNull }
    var text: String? { base.text }
    var listItems: [CardListItem]? { base.listItems }

    /// `fields` with each renamed property under its default key. A default key that the vault
    /// renames is read as before when the file has no property of the new name (a card Carousel
    /// wrote with `due:`), and left aside when it has (TaskNotes would not read it either).
    static func reading(_ fields: [Base], _ layout: VaultLayout) -> [RenamedField<Base>] {
        let written = Set(fields.map(\.key))
        return fields.compactMap { f in
            if let key = layout.defaultKey(ofProperty: f.key) { return RenamedField(base: f, key: key) }
            if let property = layout.renamed[f.key], written.contains(property) { return nil }
            return RenamedField(base: f, key: f.key)
        }
    }
}
