/// What `carousel habit add` was asked to create.
public struct NewHabit: Sendable {
    public var title: String
    public var repeatRule: String?
    public var target: Double?
    public var unit: String?
    public var period: String?

    public init(title: String) { self.title = title }
}

extension Workspace {
    /// Every habit in `habits/`, read fresh, with a diagnostic per file that does not parse.
    public func habits() -> (habits: [Habit], diagnostics: [FileDiagnostic]) {
        HabitLoader.load(vault: vault)
    }

    /// The habit a REF names: slug, id, title, or an unambiguous start of a slug or title.
    public func resolveHabit(_ ref: String) throws(CarouselError) -> Habit {
        if let habit = try findHabit(ref) { return habit }
        let all = habits().habits
        let close = Nearest.words(to: ref, among: all.map(\.slug))
        if !close.isEmpty { throw .usage("no habit matches \"\(ref)\"." + Nearest.hint(for: ref, among: all.map(\.slug))) }
        let near = all.map { "\($0.slug)  (\($0.title))" }.sorted()
        throw .usage("no habit matches \"\(ref)\"" + (near.isEmpty ? "; add one with `carousel habit add TITLE`"
            : ". Your habits:\n" + near.map { "  " + $0 }.joined(separator: "\n")))
    }

    /// Like `resolveHabit`, but nil when nothing matches (so `skip` can try cards instead).
    public func findHabit(_ ref: String) throws(CarouselError) -> Habit? {
        let (all, diagnostics) = habits()
        let needle = ref.hasSuffix(".md") ? Vault.slug(ofPath: ref) : ref
        let lower = needle.lowercased()
        if let exact = all.first(where: { $0.slug == needle || $0.id == needle || $0.path == ref || $0.title.lowercased() == lower }) {
            return exact
        }
        if let bad = diagnostics.first(where: { Vault.slug(ofPath: $0.path) == needle || $0.path == ref }) { throw .invalidFile(bad) }
        let prefixed = all.filter { $0.slug.hasPrefix(lower) || $0.title.lowercased().hasPrefix(lower) }
        if prefixed.count == 1 { return prefixed[0] }
        let candidates = prefixed.isEmpty ? all.filter { $0.slug.contains(lower) || $0.title.lowercased().contains(lower) } : prefixed
        if candidates.count == 1 { return candidates[0] }
        if candidates.count > 1 {
            throw .usage("\"\(ref)\" matches more than one habit; say which:\n"
                + candidates.map { "  \($0.slug)  (\($0.title))" }.sorted().joined(separator: "\n"))
        }
        return nil
    }

    /// Creates `habits/<slug>.md` and commits "habit add: <title>".
    public func addHabit(_ new: NewHabit) throws(CarouselError) -> Habit {
        let title = new.title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty, !title.contains("\n") else {
            throw .invalidValue(field: "title", message: "What habit do you want to build? The title must be one non-empty line")
        }
        var lines = ["---", "id: \(moment.makeID())", YAMLRender.line("title", string: title)]
        let ruleText = new.repeatRule?.trimmingCharacters(in: .whitespaces) ?? "every day"
        let rule: RecurrenceRule
        do {
            rule = try RecurrenceRule.parse(ruleText)
        } catch {
            throw .invalidValue(field: "--repeat", message: RuleText.explain(error, in: ruleText))
        }
        if rule.afterCompletion {
            throw .invalidValue(field: "--repeat", message: "\"after done\" rules are for cards; give a habit a fixed schedule like \"every day\"")
        }
        lines.append(YAMLRender.line("repeat", string: ruleText))
        let target = new.target ?? 1
        guard target > 0, target.isFinite else { throw .invalidValue(field: "--target", message: "must be a number above 0, found \(HabitLogEntry.format(target))") }
        lines.append("target: \(HabitLogEntry.format(target))")
        let period = new.period?.lowercased() ?? "day"
        guard HabitPeriod(rawValue: period) != nil else { throw .invalidValue(field: "--period", message: "must be day, week or month, found \"\(period)\"") }
        lines.append("period: \(period)")
        let unit = try HabitAmount.unit(named: new.unit ?? "count")
        lines.append("unit: \(unit.rawValue)")
        lines += ["start: \(today.iso)", "created: \(moment.stamp.description)", "---", ""]
        var base = Slug.make(from: title)
        if base.isEmpty { base = "habit" }
        let taken = Set(habits().habits.map(\.slug))
        let slug = Slug.unique(base) { taken.contains($0) || FileSystem.stamp(vault.url("\(Vault.habitsDir)/\($0).md")) != nil }
        let path = "\(Vault.habitsDir)/\(slug).md"
        let text = lines.joined(separator: "\n")
        let habit: Habit
        do { habit = try HabitParser.parse(text: text, path: path) } catch { throw .invalidFile(error) }
        try commit([FileWrite(path: path, text: text)], message: "habit add: \(title)")
        return habit
    }
}
