/// What quick capture understood in one line typed to `carousel add`, e.g.
/// `Call Mum tomorrow #family !4 ~1` → title "Call Mum", due tomorrow, tag family, importance 4, 1 spoon.
///
/// The grammar (docs/ecosystem.md): `#tag`, `@category`, `!1`–`!5` importance, `~1`–`~5` spoons,
/// `every …` a repeat rule up to the next marker or the end, one date phrase (`DateWords`:
/// `today`, `tomorrow`, a weekday, `eow`, `next week`, `in 3 days`, `on dec 5`, `2026-12-05`),
/// optionally after `due` or `by`, and one time (`3pm`, `at 9`, `15:30`) for `start`.
/// `remind 30m` (or `remind 09:00`) sets `remind:`. Taskwarrior-style words (`due:fri`, `+tag`,
/// `project:x`, `priority:H`, `recur:weekly`) set their fields (`QuickCapture+fields.swift`).
/// Everything else, in order, is the title.
public struct QuickCapture: Sendable, Equatable {
    public var title: String
    public var due: Day?
    /// The words that gave the date, as typed.
    public var dueText: String?
    /// A time of day said in words (`3pm`, `at 9`, `15:30`), minutes after midnight: it sets `start`.
    public var time: Int?
    /// The words that gave the time, as typed.
    public var timeText: String?
    public var tags: [String] = []
    public var category: String?
    public var importance: Int?
    public var spoons: Int?
    public var repeatRule: String?
    /// `remind 30m` (any `RemindSpec` value after the word `remind`).
    public var remind: String?
    /// `kind:event`.
    public var kind: CardKind?
    /// `parent:REF`, as typed.
    public var parent: String?
    /// `depends:REF` (Taskwarrior's word), as typed: the cards this one waits for.
    public var dependsOn: [String] = []
    /// `first: open the laptop` at the end of the line (`QuickCapture+firstStep.swift`).
    public var firstStep: String?
    /// Field words whose value could not be read (`due:someday-ish`), each saying what was
    /// expected. The word is not put in the title: the caller refuses the line.
    public var problems: [String] = []
    /// A word at the end of the title that is nearly a date word (`tomorow`): it stays in the
    /// title, and `add` asks "did you mean tomorrow?".
    public var nearDate: DateWords.NearMiss?
    /// Words that look like markers but were not read (`!urgent`, `p9`, a second `!4`): they stay
    /// in the title, and the "Understood:" line names each with what would work.
    public var unread: [Unread] = []
    /// `someday` was typed: no date, on purpose.
    public var someday = false
    /// The time came from `at 5` (a bare hour, no am/pm), which `now` may move to the afternoon.
    var bareHour = false

    public init(title: String) { self.title = title }

    /// Reads `text` relative to `today`. Never fails: what is not understood stays in the title.
    /// With `words: false` only the unambiguous markers (`#`, `@`, `!`, `~`) are read, so a title
    /// such as "Plan today's talk" given with other flags keeps its date words. `now` (minutes
    /// after midnight, when the time of day is known) makes `at 5` the next 5 o'clock.
    public static func parse(_ text: String, today: Day, weekStart: Int = 1, dayFirst: Bool = false, words readWords: Bool = true,
                             now: Int? = nil) -> QuickCapture {
        var result = read(text, today: today, weekStart: weekStart, dayFirst: dayFirst, words: readWords, memo: FieldsMemo())
        if let now { result.placeBareHour(now: now, today: today) }
        return result
    }

    /// Whether a run of words has been read as fields only, by its text (a line is read from
    /// each of its words on, so each run is read once).
    final class FieldsMemo { var known: [String: Bool] = [:] }

    static func read(_ text: String, today: Day, weekStart: Int, dayFirst: Bool, words readWords: Bool, memo: FieldsMemo) -> QuickCapture {
        let dates = DateWords(today: today, weekStart: weekStart, inText: true, dayFirst: dayFirst)
        let (words, firstStep) = splitFirstStep(OneLine.of(text).split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init))
        var result = QuickCapture(title: "")
        result.firstStep = firstStep
        var title: [String] = []
        var i = 0
        /// Whether the words from `k` on leave no title of their own.
        func fieldsFrom(_ k: Int) -> Bool {
            onlyFieldsFollow(words, after: k, today: today, weekStart: weekStart, dayFirst: dayFirst, memo: memo)
        }
        while i < words.count {
            let w = words[i]
            if let f = field(w) {
                i += result.read(f, words, at: i, dates: dates)
                continue
            }
            if let tag = marker(w, "#") ?? plusTag(w) {
                if !result.tags.contains(tag) { result.tags.append(tag) }
                i += 1; continue
            }
            if let cat = marker(w, "@"), result.category == nil {
                result.category = cat
                i += 1; continue
            }
            if let n = level(w, "!") ?? importanceWord(w), result.importance == nil {
                result.importance = n
                i += 1; continue
            }
            if let n = level(w, "~"), result.spoons == nil {
                result.spoons = n
                i += 1; continue
            }
            if readWords, result.importance == nil, let n = priorityPhrase(words, at: i), fieldsFrom(i + 2) {
                result.importance = n
                i += 2; continue
            }
            if readWords, w.lowercased() == "remind", result.remind == nil, i + 1 < words.count, RemindSpec(words[i + 1]) != nil {
                result.remind = words[i + 1]
                i += 2; continue
            }
            if readWords, w.lowercased() == "every", result.repeatRule == nil, let (rule, used) = repeatRule(words, from: i) {
                result.repeatRule = rule
                i += used; continue
            }
            // `daily`, `weekly` … and `mon wed fri` at the end of the line repeat.
            if readWords, result.repeatRule == nil,
               let (rule, used) = bareRepeat(words, from: i) ?? weekdayRun(words, from: i), fieldsFrom(i + used) {
                result.repeatRule = rule
                i += used; continue
            }
            if readWords, result.due == nil, !result.someday, DateWords.clean(w) == "someday", fieldsFrom(i + 1) {
                result.someday = true
                i += 1; continue
            }
            if readWords, result.due == nil, !result.someday {
                let introduced = ["due", "by", "on"].contains(w.lowercased())
                var intro = introduced ? 1 : 0
                // `on dec 5` is one phrase of its own (DateWords reads the "on").
                if introduced, spokenDay(words, from: i + 1, dates: dates) == nil { intro = 0 }
                // A date word inside a title is part of it ("Read Tomorrow Never Dies"): without
                // due/by/on before it, a date is read only at the end of the line.
                // After "to", "from", "until" a day is what the task is about ("Move the meeting to friday").
                let about = i > 0 && ["to", "from", "until", "till", "since"].contains(words[i - 1].lowercased())
                if let said = spokenDay(words, from: i + intro, dates: dates), introduced || (!about && fieldsFrom(i + intro + said.used)) {
                    result.due = said.day
                    result.dueText = said.dayText
                    if result.time == nil, let m = said.minutes {
                        result.time = m
                        result.timeText = said.timeText
                    }
                    i += intro + said.used; continue
                }
            }
            if readWords, result.time == nil, let (minutes, used) = dates.time(words, from: i),
               w.lowercased() == "at" || fieldsFrom(i + used) {
                result.time = minutes
                result.timeText = words[i..<(i + used)].joined(separator: " ")
                result.bareHour = used == 2 && w.lowercased() == "at" && (1...11).contains(minutes / 60) && minutes % 60 == 0
                    && DateWords.clean(words[i + 1]).allSatisfy(\.isNumber)
                i += used; continue
            }
            if let hint = markerHint(w, result) { result.unread.append(Unread(word: w, hint: hint)) }
            title.append(w)
            i += 1
        }
        result.title = title.joined(separator: " ")
        if readWords, result.due == nil, !result.someday { result.nearDate = DateWords.nearMiss(endOf: title) }
        return result
    }

    /// Whether the words from `start` on leave no title of their own: markers, a date, a time, a
    /// rule or a reminder only ("fri 3pm #family"), so a date word before them ends the title.
    /// A word that looks like a marker but is not one (`!urgent`, `p9`) counts as a marker here:
    /// it stays in the title, and does not hide the date before it.
    static func onlyFieldsFollow(_ words: [String], after start: Int, today: Day, weekStart: Int, dayFirst: Bool,
                                 memo: FieldsMemo = FieldsMemo()) -> Bool {
        guard start < words.count else { return true }
        let text = words[start...].joined(separator: " ")
        if let known = memo.known[text] { return known }
        let rest = read(text, today: today, weekStart: weekStart, dayFirst: dayFirst, words: true, memo: memo)
        let answer = rest.title.split(separator: " ").allSatisfy { isMarker(String($0)) }
        memo.known[text] = answer
        return answer
    }

    static func isMarker(_ w: String) -> Bool {
        marker(w, "#") != nil || marker(w, "@") != nil || level(w, "!") != nil || level(w, "~") != nil
            || plusTag(w) != nil || field(w) != nil || importanceWord(w) != nil || looksLikeMarker(w)
    }

    /// `#family` → "family"; a bare `#` or `#` followed by punctuation only is not a marker. With
    /// no sigil, the whole word is the name (`tags:a,b`, `project:home`).
    static func marker(_ w: String, _ sigil: Character?) -> String? {
        let rest: String
        if let sigil {
            guard w.first == sigil, w.count > 1 else { return nil }
            rest = String(w.dropFirst())
        } else {
            guard !w.isEmpty else { return nil }
            rest = w
        }
        guard rest.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "/" }) else { return nil }
        // `#123` is a number people refer to ("Review PR #123"), not a tag: Obsidian and TaskNotes
        // take a tag only with something other than digits in it.
        if sigil == "#", rest.allSatisfy(\.isNumber) { return nil }
        return rest
    }

    static func level(_ w: String, _ sigil: Character) -> Int? {
        guard w.first == sigil, w.count == 2, let n = Int(w.dropFirst()), (1...5).contains(n) else { return nil }
        return n
    }

    /// The longest run of words from `every` up to the next marker that parses as a rule.
    static func repeatRule(_ words: [String], from start: Int) -> (String, Int)? {
        longestRule(words, from: start, least: 2)
    }

    /// The longest run of at least `least` words from `start` up to the next marker that parses
    /// as a rule, and how many words it used.
    static func longestRule(_ words: [String], from start: Int, least: Int) -> (String, Int)? {
        var end = start + 1
        while end < words.count, !isMarker(words[end]) { end += 1 }
        while end >= start + least {
            let text = words[start..<end].joined(separator: " ")
            if (try? RecurrenceRule.parse(text)) != nil { return (text, end - start) }
            end -= 1
        }
        return nil
    }
}

import Foundation

extension QuickCapture {
    /// The card the line asks for, before any flag of `add` is applied: what was read, and an
    /// icon chosen from the title.
    public func newCard(today: Day) -> NewCard {
        var new = NewCard(title: title)
        new.spoons = spoons
        new.importance = importance
        new.due = due?.iso
        if let time { new.start = DateValue(day: due ?? today, minutes: time).description }
        new.tags = tags
        new.category = category
        new.kind = kind
        new.parent = parent
        new.blockedBy = dependsOn
        new.repeatRule = repeatRule
        new.remind = remind
        new.firstStep = firstStep
        new.emoji = Icons.pick(for: title)
        return new
    }
}
