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

    /// `done --instance`: one named occurrence completed, ahead of its day or late.
    public static func done(_ title: String, instance day: Day, next: Day?) -> Said {
        let when = next.map { "Open now: " + Words.shortDate($0) + "." } ?? "That was the last one."
        return Said(mark: .done, [.text("Done for " + Words.shortDate(day) + ": "), .title(title), .text(". " + when)])
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

    /// `wasDue`: the due day it had before, said when the move replaced it.
    public static func moved(_ outcome: MoveOutcome, today: Day, wasDue: Day? = nil) -> Said {
        let when = outcome.due.map { Words.due($0, today: today) } ?? "no due date"
        let was = wasDue.flatMap { $0 == outcome.due ? nil : "; it was due " + Words.shortDate($0) } ?? ""
        return outcome.changed
            ? Said([.text("Moved "), .title(outcome.card.title), .text(" to \(outcome.column.title.lowercased()) (\(when)\(was)).")])
            : Said([.title(outcome.card.title), .text(" is already there (\(when)).")])
    }

    /// A habit skipped on a day: `today` when it is today; `noted` when the skip has a reason.
    public static func skipped(habit title: String, on day: Day, today: Day, noted: Bool) -> Said {
        let when = day == today ? "today" : Words.shortDate(day)
        // Said plainly: a bare skip is a missed day for the streak, a skip with a reason is not.
        let why = noted ? " That's fine; it won't count against your streak."
            : " Without a reason it counts as a missed day for the streak (a skip with a note, like \"sick\", doesn't). Tomorrow's a new day."
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
    /// With `before` (the one card as it was), a value that replaced another says what it was:
    /// nothing a person wrote is replaced without a word.
    public static func updated(_ cards: [Card], _ assignments: [FieldAssignment], before: Card? = nil) -> Said {
        let change = assignments.map { (a: FieldAssignment) -> String in
            let old = before.flatMap { b in cards.count == 1 ? text(a.field, of: b) : nil }
            let new = cards.count == 1 ? text(a.field, of: cards[0]) : nil
            let wasText = old.flatMap { $0.isEmpty || $0 == new ? nil : "was " + $0 }
            let was = wasText.map { " (\($0))" } ?? ""
            if a.value.isEmpty { return "cleared \(a.field)" + was }
            if cards.count == 1, let value = date(a.field, of: cards[0]), value.day.iso != a.value, value.description != a.value {
                let time = value.minutes.map { String(format: " %02d:%02d", $0 / 60, $0 % 60) } ?? ""
                return "\(a.field) = \(a.value) (\(Words.shortDate(value.day))\(time)" + (wasText.map { ", " + $0 } ?? "") + ")"
            }
            return "\(a.field) = \(a.value)" + was
        }.joined(separator: ", ")
        return Said([.text("Updated ")] + Self.titles(cards.map(\.title)) + [.text(": " + change)])
    }

    /// A field's value as a person reads it, for "was …"; nil for a field not shown this way.
    private static func text(_ field: String, of card: Card) -> String? {
        switch field {
        case "due", "start", "wait":
            return date(field, of: card).map { v in Words.shortDate(v.day) + (v.timeText.map { " " + $0 } ?? "") } ?? ""
        case "title": return card.title
        case "spoons": return String(card.spoons)
        case "importance": return String(card.importance)
        case "category": return card.category ?? ""
        case "tags": return card.tags.joined(separator: ", ")
        case "repeat": return card.repeatRule ?? ""
        case "parent": return card.parent ?? ""
        case "duration": return card.duration ?? ""
        case "kind": return card.kind.rawValue
        default: return nil
        }
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
