import ArgumentParser
import CarouselCore

extension Settings.Mode: ExpressibleByArgument {}

struct Suggest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "The carousel: what to pull into today next, and why each card ranks where it does.")

    @OptionGroup var options: GlobalOptions

    @Option(help: "smart (score) or linear (due date, then created); default from carousel.yaml.")
    var mode: Settings.Mode?

    @Option(help: "How many to show; 0 shows all.")
    var limit = 7

    @Flag(name: [.long, .customLong("why")], help: "Show each card's score and the formula behind it (smart mode).")
    var explain = false

    func validate() throws {
        guard limit >= 0 else { throw ValidationError("--limit must be 0 or more, found \(limit)") }
    }

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: false)
            printDiagnostics(ws)
            let mode = mode ?? ws.settings.carousel
            let list = try ws.carousel(mode: mode, limit: limit).strip
            let numbers = ws.numbers(showing: list.map(\.card))
            if options.json { return SuggestRender.json(list, mode: mode, today: ws.today, numbers: numbers).printJSON() }
            let t = Terminal.current
            let header = mode == .linear ? t.dim("  by due date, then when added")
                : explain ? t.dim("  " + SuggestRender.formula) : t.dim("  what matters most and is due soonest first")
            var out = ["", "  " + t.bold("THE CAROUSEL") + t.dim("  ·  \(mode.rawValue)"), header, ""]
            out += SuggestRender.lines(list, mode: mode, today: ws.today, t, numbers: numbers, explain: explain)
            if !list.isEmpty { out += ["", t.dim("  `carousel pull <name>` takes one into today.")] }
            out.append("")
            print(out.joined(separator: "\n"))
        }
    }
}

extension Suggest: QuickCommand {
    static let quickSpec = QuickWords.Spec(options: ["--mode", "--limit"], flags: ["--explain", "--why"])

    init(quick words: QuickWords) throws {
        var c = Self()
        c.options = try GlobalOptions(quick: words)
        c.mode = try words.value("--mode")
        c.limit = try words.value("--limit") ?? 7
        // Either name sets the flag; both at once are left to argument-parser.
        c.explain = try words.oneOf(["--explain", "--why"]) != nil
        self = c
    }
}
