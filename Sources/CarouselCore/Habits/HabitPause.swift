import Yams

/// A span of days a habit is paused (`paused: [2026-11-18..2026-11-22]`, both days included):
/// it is not scheduled then, so it is not reminded, not counted in the 40% rule and its
/// streak neither grows nor breaks.
public struct HabitPause: Sendable, Equatable {
    public let from: Day
    public let to: Day

    public init(from: Day, to: Day) {
        self.from = min(from, to)
        self.to = max(from, to)
    }

    public func contains(_ day: Day) -> Bool { from <= day && day <= to }

    /// `2026-11-18..2026-11-22`; one day is written alone.
    public var text: String { from == to ? from.iso : from.iso + ".." + to.iso }

    /// Reads `FROM..TO` or one date.
    public init?(text raw: String) {
        let parts = raw.trimmingCharacters(in: .whitespaces).components(separatedBy: "..")
        guard (1...2).contains(parts.count), let from = DateValue(text: parts[0])?.day,
              let to = DateValue(text: parts[parts.count - 1])?.day else { return nil }
        self.init(from: from, to: to)
    }

    /// The spans of a `paused:` value: a list of them, or one written alone; nil when one does not read.
    static func list(_ node: Node) -> [HabitPause]? {
        if node.isNull { return [] }
        let texts = node.sequence.map { $0.map(\.text) } ?? [node.text]
        var out: [HabitPause] = []
        for text in texts {
            guard let text, let pause = HabitPause(text: text) else { return nil }
            out.append(pause)
        }
        return out
    }

    /// `pauses` with `new` added, overlapping or touching spans joined, in date order.
    public static func adding(_ new: HabitPause, to pauses: [HabitPause]) -> [HabitPause] {
        var out: [HabitPause] = []
        for p in (pauses + [new]).sorted(by: { $0.from < $1.from }) {
            if let last = out.last, p.from <= last.to.adding(days: 1) {
                out[out.count - 1] = HabitPause(from: last.from, to: max(last.to, p.to))
            } else {
                out.append(p)
            }
        }
        return out
    }
}
