import ArgumentParser
import CarouselCore

extension CardKind: ExpressibleByArgument {}

struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "What do you want to do? Add a card.",
        discussion: """
            One quoted line is read as quick capture: dates (today, tomorrow, friday, eow, eom, next week, \
            in 3 days, today+3, on dec 5, 2026-12-05, optionally after due/by), a time for the timeline \
            (3pm, at 9, 15:30), #tag, @category, !1–!5 importance, \
            ~1–~5 spoons and `every …` for a repeat rule, and Taskwarrior's words (due:fri, +tag, \
            project:home, priority:H, recur:weekly, kind:event); the rest is the title. With a field flag \
            (--due, --spoons, …) only the #, @, ! and ~ markers and the Taskwarrior words are read, and flags win. --literal keeps the line as typed.
            """)

    @OptionGroup var options: GlobalOptions

    // Words, not one string: `carousel add Buy milk tomorrow` reads as the quoted line would.
    @Argument(help: "The card's title, or a quick-capture line like \"Call Mum tomorrow #family !4 ~1\" (quotes optional); - reads one card per line from standard input.")
    var words: [String]

    var title: String { words.joined(separator: " ") }

    @Flag(help: "Keep the text as the title; do not read dates, #tags and the like from it.")
    var literal = false

    @Option(help: "Energy it takes, 1–5 (default 1).")
    var spoons: Int?

    @Option(help: "How much it matters, 1–5 (default 1).")
    var importance: Int?

    @Option(help: "When it is due: YYYY-MM-DD, today, tomorrow, friday, eow, eom, \"in 2 weeks\", today+3; a time (\"fri 3pm\") sets start.")
    var due: String?

    @Option(help: "Comma-separated tags, e.g. home,plants.")
    var tags: String?

    @Option(help: "A category: personal, work, health, creative, other, or your own.")
    var category: String?

    @Option(help: "The card this one belongs under (slug or id).")
    var parent: String?

    @Option(help: "task, idea or event.")
    var kind: CardKind?

    @Option(help: "An emoji to show with it.")
    var emoji: String?

    @Option(help: "Notes for the card's body (Markdown).")
    var body: String?

    @Option(name: .customLong("repeat"), help: "A repeat rule, e.g. \"every day\" or \"every 2 weeks on tue, thu\".")
    var repeatRule: String?

    func validate() throws {
        if let spoons, !(1...5).contains(spoons) { throw ValidationError("--spoons must be 1–5, found \(spoons)") }
        if let importance, !(1...5).contains(importance) { throw ValidationError("--importance must be 1–5, found \(importance)") }
    }

    func run() throws {
        if title == "-" { return try addLines() }
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            // Date words and `every …` are read only when the line stands alone; markers always.
            let alone = [spoons, importance].allSatisfy { $0 == nil } && [due, tags, category, parent, emoji, body, repeatRule].allSatisfy { $0 == nil } && kind == nil
            let weekStart = ws.settings.weekStart
            let capture = literal ? QuickCapture(title: title) : QuickCapture.parse(title, today: ws.today, weekStart: weekStart, dayFirst: ws.settings.dayFirst, words: alone,
                                                                                       now: options.captureMinutes)
            if let due, ws.dateWords.read(due) == nil {
                throw CarouselError.invalidValue(field: "--due", message: DateInput.refusal(due))
            }
            if let problem = capture.problems.first {
                throw CarouselError.invalidValue(field: "add", message: problem + "; use --literal to keep the line as typed")
            }
            if capture.title.trimmingCharacters(in: .whitespaces).isEmpty && !literal {
                throw CarouselError.invalidValue(field: "title", message: "\"\(title)\" leaves no title once dates and markers are read; use --literal to keep it as typed")
            }
            let new = withFlags(capture.newCard(today: ws.today))
            let card = try ws.add(new)
            // A one-off event on a day already gone is kept (people record what happened), but said.
            let pastNote = Occurrence.isPastEvent(card, today: ws.today)
                ? "note: \(card.due.map { Words.shortDate($0.day) } ?? "that day") has already passed, so this event is in the past; "
                    + "`carousel countdown --past` shows it" : nil
            let nearNote = capture.nearDate.map { Add.didYouMean($0, capture: capture, card: card) }
            if options.json {
                if let pastNote { printError(pastNote) }
                var document = CardJSON.full(try ws.open(card), today: ws.today)
                document.notes = [pastNote, nearNote].compactMap { $0 }
                return document.printJSON()
            }
            let t = Terminal.current
            let understood = understoodParts(capture, card: card, today: ws.today)
            if !understood.isEmpty { print(t.dim("Understood: " + understood.joined(separator: " · "))) }
            print(t.line(Said.added(card, today: ws.today)))
            if let pastNote { print(t.yellow(pastNote.prefix(1).uppercased() + pastNote.dropFirst() + ".")) }
            if let nearNote { print(t.yellow(nearNote)) }
            if Occurrence.isFinished(card, today: ws.today) {
                // Every occurrence of the series is already behind today: nothing to pull.
                print(t.yellow("Note: every occurrence of this series is before today, so it is already over; "
                    + "`carousel set \(card.slug) due=DATE` moves it."))
            } else if pastNote == nil {
                // A day already gone is not pulled into today; the note above says where it is.
                print(t.dim("`carousel pull \(card.slug)` takes it into today."))
            }
        }
    }

    /// "Did you mean tomorrow?" for a word at the end of the title that is nearly a date word,
    /// with the command that makes it one (the word leaves the title).
    static func didYouMean(_ miss: DateWords.NearMiss, capture: QuickCapture, card: Card) -> String {
        var words = capture.title.split(separator: " ").map(String.init)
        let typed = miss.typed.split(separator: " ").count
        var command = "carousel set \(card.slug)"
        if words.count > typed, words.suffix(typed).joined(separator: " ") == miss.typed {
            words.removeLast(typed)
            command += " " + shellQuoted("title=" + words.joined(separator: " "))
        }
        command += " " + shellQuoted("due=" + miss.meant)
        return "Did you mean \(miss.meant)? \"\(miss.typed)\" is not a date, so it stayed in the title and the card has no due date; "
            + "`\(command)` makes it one."
    }

    /// `new` with the field flags given, which win over what the line said.
    func withFlags(_ card: NewCard) -> NewCard {
        var new = card
        if let spoons { new.spoons = spoons }
        if let importance { new.importance = importance }
        if let due {
            new.due = due
            new.start = nil
        }
        if let tags { new.tags = tags.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        if let category { new.category = category }
        if let parent { new.parent = parent }
        if let kind { new.kind = kind }
        if let emoji { new.emoji = emoji }
        if let body { new.body = body }
        if let repeatRule { new.repeatRule = repeatRule }
        return new
    }

    /// What quick capture read from the line, so a wrong guess is seen at once (the page says
    /// the same: `QuickCapture.understood`).
    func understoodParts(_ c: QuickCapture, card: Card, today: Day) -> [String] {
        var flagged: Set<QuickCapture.Flagged> = []
        if let due { flagged.insert(Day(iso: due) == nil ? .dueInWords : .due) }
        if tags != nil { flagged.insert(.tags) }
        if category != nil { flagged.insert(.category) }
        if importance != nil { flagged.insert(.importance) }
        if spoons != nil { flagged.insert(.spoons) }
        if repeatRule != nil { flagged.insert(.repeatRule) }
        if kind != nil { flagged.insert(.kind) }
        if parent != nil { flagged.insert(.parent) }
        return c.understood(card: card, typed: title, flagged: flagged)
    }
}
