/// A ready-made habit `carousel habit add` and the tour offer: a name, a target with its unit,
/// and a schedule.
public struct HabitSuggestion: Sendable, Equatable {
    /// The word `habit add --suggest NAME` takes.
    public let name: String
    public let title: String
    public let target: Double
    public let unit: String
    public let period: String
    public let repeatRule: String
    /// What the target means in words: "8 glasses a day".
    public let about: String

    /// The habit this suggestion makes.
    public var newHabit: NewHabit {
        var new = NewHabit(title: title)
        new.target = target
        new.unit = unit
        new.period = period
        new.repeatRule = repeatRule
        return new
    }
}

/// The list that ships inside the binary, as data: edit `HabitSuggestions.data`, not code.
public enum HabitSuggestions {
    /// One suggestion a line: name | title | target | unit | period | repeat | about.
    static let data = """
        water    | Drink water          | 8     | count | day  | every day                         | 8 glasses a day
        walk     | Walk                 | 30    | min   | day  | every day                         | 30 minutes a day
        read     | Read                 | 10    | pages | day  | every day                         | 10 pages a day
        stretch  | Stretch              | 10    | min   | day  | every day                         | 10 minutes a day
        sleep    | Sleep by 23:00       | 1     | count | day  | every day                         | in bed by 23:00, once a day
        journal  | Journal              | 1     | count | day  | every day                         | a few lines, once a day
        meditate | Meditate             | 10    | min   | day  | every day                         | 10 minutes a day
        steps    | Steps                | 8000  | steps | day  | every day                         | 8,000 steps a day
        exercise | Exercise             | 3     | count | week | every week                        | 3 sessions a week
        tidy     | Tidy up              | 15    | min   | day  | every week on mon, wed, fri       | 15 minutes on Mon, Wed and Fri
        """

    /// Every suggestion, in the order they are offered.
    public static let all: [HabitSuggestion] = data.split(separator: "\n").compactMap { line in
        let f = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        guard f.count == 7, let target = Double(f[2]) else { return nil }
        return HabitSuggestion(name: f[0], title: f[1], target: target, unit: f[3], period: f[4], repeatRule: f[5], about: f[6])
    }

    /// The suggestion a word names: its name, its title, or the unambiguous start of either.
    public static func find(_ word: String) throws(CarouselError) -> HabitSuggestion {
        let lower = word.lowercased().trimmingCharacters(in: .whitespaces)
        if let exact = all.first(where: { $0.name == lower || $0.title.lowercased() == lower }) { return exact }
        let started = all.filter { $0.name.hasPrefix(lower) || $0.title.lowercased().hasPrefix(lower) }
        if started.count == 1, !lower.isEmpty { return started[0] }
        throw .usage("no suggested habit is called \"\(word)\"." + Nearest.hint(for: word, among: all.map(\.name))
            + " The suggestions are " + Settings.list(all.map(\.name)) + ".")
    }
}
