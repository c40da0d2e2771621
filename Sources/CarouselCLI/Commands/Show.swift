import Foundation
import ArgumentParser
import CarouselCore

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one card (or habit): its fields and notes.")

    @OptionGroup var options: GlobalOptions

    @OptionGroup var target: OneCard

    @Option(name: .customLong("as-of"), help: "Show the card as it was at the end of this date (from the history): \(DateInput.help).")
    var asOf: String?

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: false)
            var card: Card
            do {
                card = try ws.resolve(target.ref)
            } catch {
                guard case CarouselError.unknownCard = error, let habit = try ws.findHabit(target.ref) else { throw error }
                let file = try HabitFile(vault: ws.vault, path: habit.path)
                if options.json { return HabitJSON.full(file, today: ws.today).printJSON() }
                return print(HabitJSON.lines(file, today: ws.today, Terminal.current).joined(separator: "\n"))
            }
            var file = try ws.open(card)
            if let asOf {
                guard let day = DateInput.parse(asOf, today: ws.today, settings: ws.settings)?.day else {
                    throw CarouselError.usage("--as-of: " + DateInput.refusal(asOf))
                }
                guard let old = try History.text(vault: ws.vault, path: card.path, asOf: day) else {
                    throw CarouselError.usage("\(card.title) did not exist yet on \(day.iso)")
                }
                file = try CardFile(text: old, path: card.path)
                card = file.card
            }
            let attachments = asOf == nil ? ws.attachments(of: card) : []
            if options.json {
                var document = CardJSON.full(file, today: ws.today)
                document.attachments = attachments.map(AttachmentJSON.init)
                if asOf == nil, !card.blockedBy.isEmpty { document.waitingFor = try ws.blockers(of: card).map(CardJSON.Waiting.init) }
                return document.printJSON()
            }
            let t = Terminal.current
            var out = ["", "  " + t.bold((card.icon.map { $0 + " " } ?? "") + card.title) + t.dim("  \(card.path)"), ""]
            func row(_ k: String, _ v: String?) { if let v, !v.isEmpty { out.append("  " + t.dim(fit(k, 11)) + v) } }
            row("kind", card.kind == .task ? nil : card.kind.rawValue)
            row("spoons", Words.spoons(card.spoons) + " \(card.spoons)")
            row("importance", "\(card.importance) of 5")
            row("category", card.category.map { t.category($0, $0) })
            row("tags", card.tags.map(t.tag).joined(separator: " "))
            // A zoned time is shown on this device's clock, by the zone rules of its date.
            let zone = ZonedTime.zone(of: card, vaultZone: ws.settings.vaultZone)
            row("due", Occurrence.dueDay(of: card, today: ws.today).map {
                // The words in brackets only when they add something ("in 3 days"), never the date again.
                var words = Words.cardDue(card, today: ws.today)
                if words.hasPrefix("due ") { words.removeFirst(4) }  // the row is already called "due"
                let here = card.due?.minutes == nil ? nil : ZonedTime.local(card, on: $0, vaultZone: ws.settings.vaultZone)
                return Words.shortDate(here?.day ?? $0) + ((here ?? card.due)?.timeText.map { " " + $0 } ?? "")
                    + (words.contains(Words.shortDate($0)) ? "" : "  (" + words + ")") })
            row("zone", zone.map { ZonedTime.words(card, zone: $0) })
            row("starts", card.start.map { s in
                // A series starts at that time of day each time; a one-off on that day, or on its own day.
                if card.repeatRule != nil, let time = s.timeText { return time + " each time" }
                return (s.day == card.due?.day ? "" : Words.shortDate(s.day)) + (s.timeText.map { (s.day == card.due?.day ? "" : " ") + $0 } ?? "") })
            row("waits", card.wait.map { "until " + Words.shortDate($0) })
            row("first step", card.firstStep)
            row("lasts", card.duration)
            // The fields Carousel keeps but does not model (as written): where, and when to remind.
            let fields = try? FrontMatterFields(document: file.document)
            func written(_ key: String) -> String? {
                guard let value = fields?[key]?.value else { return nil }
                return value.sequence.map { $0.compactMap { $0.scalar?.string }.joined(separator: ", ") } ?? value.scalar?.string
            }
            row("where", written("location"))
            row("reminds", written("remind").map { text in
                RemindSpec.split(text).map { RemindSpec.words($0) ?? $0 + " " + t.dim(RemindSpec.neverFires) }.joined(separator: ", ")
            })
            if let rule = card.repeatRule {
                // Said once: as typed, or in words when it was typed as RRULE text.
                let summary = (try? RecurrenceRule.parse(rule))?.summary
                row("repeats", rule.uppercased().contains("FREQ=") ? summary ?? rule : rule)
                row("completed", card.completed.suffix(7).map(\.iso).joined(separator: ", "))
            }
            let blockers = asOf == nil ? try ws.blockers(of: card) : []
            row("waits for", BlockerState.words(blockers))
            if let p = card.parent {
                row("parent", try ws.card(named: p).map { "\($0.title) (\($0.slug))" } ?? "\(p) (not found)")
            }
            // A card without an id has no children by id: comparing nil with nil would match
            // every top-level card.
            let children = try ws.children(of: card)
            row("children", children.map(\.title).joined(separator: ", "))
            row("today", card.isPulled(on: ws.today) ? "in today's list" : nil)
            row("done", card.done?.description)
            row("created", card.created?.description)
            row("id", card.id ?? t.dim("(none yet; written on the first change)"))
            for (i, a) in attachments.enumerated() {
                row(i == 0 ? "attached" : "", a.name + t.dim("  \(Attachments.size(a.size))"))
            }
            let body = file.document.body.trimmingCharacters(in: .whitespacesAndNewlines)
            if !body.isEmpty { out += [""] + TextLines.split(body, keepTrailingEmpty: true).map { "  " + $0 } }
            out.append("")
            print(out.joined(separator: "\n"))
        }
    }
}

extension Show: QuickCommand {
    static let quickSpec = QuickWords.Spec(options: ["--as-of"], bare: .max)

    init(quick words: QuickWords) throws {
        guard !words.bare.isEmpty else { throw QuickWords.Unread() }
        var c = Self()
        c.options = try GlobalOptions(quick: words)
        c.target = OneCard()
        c.target.words = words.bare
        c.asOf = words.text("--as-of")
        self = c
    }
}
