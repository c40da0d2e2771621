import Foundation

/// What an action says it did: each sentence written once, here, and shown both by the
/// terminal (titles in bold, the mark in colour) and by the web page (as plain text), so the
/// page says exactly what the command says.
public struct Said: Sendable, Equatable {
    public enum Mark: Sendable, Equatable {
        /// ✓: something was finished or logged.
        case done
        /// ↶: a change was taken back.
        case undo
        /// ○: logged, not there yet.
        case progress
    }

    public enum Part: Sendable, Equatable {
        case text(String)
        /// A card's or habit's title, set apart on a terminal.
        case title(String)
        /// A hint, quieter on a terminal.
        case hint(String)
    }

    public var mark: Mark?
    public var parts: [Part]

    public init(mark: Mark? = nil, _ parts: [Part]) {
        self.mark = mark
        self.parts = parts
    }

    /// The sentence as plain text (the page, logs, tests).
    public var plain: String {
        let text = parts.map { part in
            switch part {
            case let .text(s), let .title(s), let .hint(s): return s
            }
        }.joined()
        switch mark {
        case .done?: return "✓ " + text
        case .undo?: return "↶ " + text
        case .progress?: return "○ " + text
        case nil: return text
        }
    }

    static func titles(_ titles: [String]) -> [Part] {
        var parts: [Part] = []
        for (i, title) in titles.enumerated() {
            if i > 0 { parts.append(.text(", ")) }
            parts.append(.title(title))
        }
        return parts
    }
}

extension Said {
    public static func done(_ outcome: DoneOutcome, today: Day) -> Said {
        switch outcome {
        case let .finished(card):
            return Said(mark: .done, [.text("Done: "), .title(card.title), .text(". Nice one.")])
        case let .occurrence(card, next):
            let when = next.map { "Next one: " + Words.shortDate($0) + "." } ?? "That was the last one."
            return Said(mark: .done, [.text("Done for today: "), .title(card.title), .text(". " + when)])
        case let .alreadyDone(card) where Occurrence.isFinished(card, today: today):
            return Said([.title(card.title), .text(" has finished: its last occurrence is behind it. Nothing changed. "),
                         .hint("`carousel undone \(card.slug)` reopens it.")])
        case let .alreadyDone(card):
            return Said([.title(card.title), .text(" is already done. Nothing changed.")])
        }
    }

    /// `undone`: `reopened` is false when the card was not done.
    public static func undone(_ title: String, reopened: Bool) -> Said {
        reopened ? Said([.text("Open again: "), .title(title), .text(".")])
            : Said([.title(title), .text(" wasn't done. Nothing changed.")])
    }

    public static func pulled(_ titles: [String]) -> Said {
        Said([.text("Pulled ")] + Self.titles(titles) + [.text(" into today.")])
    }

    public static func alreadyInToday(_ titles: [String]) -> Said {
        Said(Self.titles(titles) + [.text(" is already in today.")])
    }

    public static func dropped(_ title: String, changed: Bool) -> Said {
        changed ? Said([.text("Put "), .title(title), .text(" back in the carousel. That's fine.")])
            : Said([.title(title), .text(" isn't in today.")])
    }

    public static func ordered(_ title: String, position: Int) -> Said {
        Said([.text("Moved "), .title(title), .text(" to place \(position) in today.")])
    }

    public static func moved(_ outcome: MoveOutcome, today: Day) -> Said {
        let when = outcome.due.map { Words.due($0, today: today) } ?? "no due date"
        return outcome.changed
            ? Said([.text("Moved "), .title(outcome.card.title), .text(" to \(outcome.column.title.lowercased()) (\(when)).")])
            : Said([.title(outcome.card.title), .text(" is already there (\(when)).")])
    }

    /// A habit skipped on a day: `today` when it is today; `noted` when the skip has a reason.
    public static func skipped(habit title: String, on day: Day, today: Day, noted: Bool) -> Said {
        let when = day == today ? "today" : Words.shortDate(day)
        let why = noted ? " That's fine; it won't count against your streak." : " Tomorrow's a new day."
        return Said([.text("Skipped "), .title(title), .text(" \(when)." + why)])
    }

    public static func skipped(card title: String, next: Day?) -> Said {
        Said([.text("Skipped today's "), .title(title), .text(". " + (next.map { "Next one: " + Words.shortDate($0) + "." } ?? "That was the last one."))])
    }

    /// `check`: the habit's progress on the day after the log.
    public static func checked(_ change: HabitChange, today: Day) -> Said {
        let h = change.habit
        let progress = HabitStats.progress(h, on: change.date)
        let when = change.date == today ? "" : " on " + Words.shortDate(change.date)
        let done = progress >= h.target
        return Said(mark: done ? .done : .progress, [.title(h.title), .text(when + ": " + HabitAmount.progressText(progress, h)
            + (h.period == .day ? "" : " this \(h.period.rawValue)") + (done ? ". Nicely done." : ". Keep going."))])
    }

    /// `set`: what changed; a date word is shown as the day it became ("due = friday (Fri 27 Nov)").
    public static func updated(_ cards: [Card], _ assignments: [FieldAssignment]) -> Said {
        let change = assignments.map { (a: FieldAssignment) -> String in
            if a.value.isEmpty { return "cleared \(a.field)" }
            if cards.count == 1, let value = date(a.field, of: cards[0]), value.day.iso != a.value, value.description != a.value {
                let time = value.minutes.map { String(format: " %02d:%02d", $0 / 60, $0 % 60) } ?? ""
                return "\(a.field) = \(a.value) (\(Words.shortDate(value.day))\(time))"
            }
            return "\(a.field) = \(a.value)"
        }.joined(separator: ", ")
        return Said([.text("Updated ")] + Self.titles(cards.map(\.title)) + [.text(": " + change)])
    }

    private static func date(_ field: String, of card: Card) -> DateValue? {
        switch field {
        case "due": card.due
        case "start": card.start
        case "wait": card.wait.map { DateValue(day: $0, minutes: nil) }
        default: nil
        }
    }

    public static func undid(_ summary: String) -> Said {
        Said(mark: .undo, [.text("Undone: " + summary + ".")])
    }
}
