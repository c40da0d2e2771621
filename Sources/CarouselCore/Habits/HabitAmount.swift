import Foundation

/// Amounts as typed after `carousel check`: `1`, `2.5`, `25min`, `25 min`, `3.2 km`.
public enum HabitAmount {
    /// Other spellings people type for the units.
    static let synonyms: [String: HabitUnit] = [
        "x": .count, "times": .count, "time": .count, "s": .sec, "secs": .sec, "second": .sec, "seconds": .sec,
        "m": .min, "mins": .min, "minute": .min, "minutes": .min, "h": .hours, "hr": .hours, "hrs": .hours,
        "hour": .hours, "step": .steps, "cal": .kcal, "kcals": .kcal, "grams": .g, "gram": .g,
    ]

    /// The unit a name stands for, or an error listing the units.
    public static func unit(named raw: String) throws(CarouselError) -> HabitUnit {
        let name = raw.trimmingCharacters(in: .whitespaces).lowercased()
        if let u = synonyms[name] ?? HabitUnit(rawValue: name) { return u }
        throw .invalidValue(field: "unit", message: "a unit is one plain word, like \(HabitUnit.list) or pages, found \"\(raw)\"")
    }

    /// Whether an amount's unit, as typed, is the habit's: the same word, or its singular or
    /// plural (`1 page` for a habit in pages).
    static func same(_ typed: HabitUnit, _ unit: HabitUnit) -> Bool {
        typed == unit || typed.rawValue + "s" == unit.rawValue || typed.rawValue == unit.rawValue + "s"
    }

    /// Parses an amount for `habit`. A unit, when given, must be the habit's own.
    public static func parse(_ raw: String, for habit: Habit) throws(CarouselError) -> Double {
        let text = raw.trimmingCharacters(in: .whitespaces)
        let numberPart = text.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "," }
        let unitPart = text.dropFirst(numberPart.count).trimmingCharacters(in: .whitespaces)
        guard let value = Double(numberPart.replacingOccurrences(of: ",", with: "")), value.isFinite else {
            throw .invalidValue(field: "amount", message: "must be a number like 1, 2.5 or 25min, found \"\(raw)\"")
        }
        guard value > 0 else {
            throw .invalidValue(field: "amount", message: "must be above 0, found \"\(raw)\"; to take a day back use `carousel uncheck`")
        }
        if !unitPart.isEmpty {
            let unit = try unit(named: unitPart)
            guard same(unit, habit.unit) else {
                throw .invalidValue(field: "amount", message: "\(habit.title) is counted in \(habit.unit.rawValue), not \(unit.rawValue)")
            }
        }
        return value
    }

    /// "2/2", "25/30 min", "7,300/10,000 steps".
    public static func progressText(_ progress: Double, _ habit: Habit) -> String {
        let unit = habit.unit == .count ? "" : " \(habit.unit.rawValue)"
        return "\(grouped(progress))/\(grouped(habit.target))\(unit)"
    }

    /// 10000 → "10,000"; 2.5 → "2.5"; 999 → "999".
    public static func grouped(_ value: Double) -> String {
        let text = HabitLogEntry.format(value)
        guard value == value.rounded(), abs(value) >= 1_000 else { return text }
        var out = ""
        for (i, c) in text.reversed().enumerated() {
            if i > 0, i % 3 == 0, c != "-" { out.append(",") }
            out.append(c)
        }
        return String(out.reversed())
    }
}
