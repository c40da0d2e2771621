import ArgumentParser
import CarouselCore
import Foundation

struct Import: ParsableCommand {
    enum Source: String, ExpressibleByArgument, CaseIterable { case todotxt, taskwarrior, ics }

    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring tasks in from todo.txt, Taskwarrior (`task export`) or an iCalendar file, as one commit.",
        discussion: "Running it again adds only what is new. The mapping is in docs/ecosystem.md.")

    @OptionGroup var options: GlobalOptions

    @Option(help: "todotxt, taskwarrior or ics; without it, read from the file's name (.txt, .json, .ics).")
    var from: Source?

    /// The format `--from` names, else the one the file's name says: `.ics` iCalendar, `.json`
    /// Taskwarrior's export, `.txt` todo.txt (todo.txt, done.txt, anything.txt).
    static func source(of file: String) -> Source? {
        switch file.split(separator: "/").last?.split(separator: ".").last?.lowercased() {
        case "ics", "ical", "ifb": .ics
        case "json": .taskwarrior
        case "txt": .todotxt
        default: nil
        }
    }

    @Argument(help: "The todo.txt file, a file holding the JSON of `task export`, or an .ics file; - reads standard input.", completion: .file())
    var file: String

    func run() throws {
        try reporting {
            guard let from = from ?? Self.source(of: file) else {
                let what = file == "-" ? "standard input has no file name" : "\(file) does not end in .txt, .json or .ics"
                throw CarouselError.usage("say which format with --from: \(what). "
                    + "For example: carousel import --from todotxt \(file == "-" ? "-" : shellQuoted(file))")
            }
            let data = try ImportLimits.read(file, standardInput: CommandLineRun.current.input)
            let plan: ImportPlan
            do {
                switch from {
                case .todotxt: plan = try TodoTxt.parse(String(decoding: data, as: UTF8.self), today: options.moment.today)
                case .taskwarrior: plan = try Taskwarrior.parse(data)
                case .ics: plan = try ICalendarImport.parse(String(decoding: data, as: UTF8.self))
                }
            } catch let error as ImportError {
                let name = file == "-" ? "standard input" : file
                let place = from == .taskwarrior ? "\(name): task \(error.line)" : "\(name):\(error.line)"
                throw CarouselError.usage("\(place): \(error.message). Nothing was imported.")
            }
            try ImportLimits.check(plan, from: file)
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let result = try ws.importItems(plan, source: ["todo.txt", "Taskwarrior", "iCalendar"][Source.allCases.firstIndex(of: from) ?? 0])
            if options.json {
                return Output(added: result.added.map { CardJSON.summary($0, today: ws.today, numbers: ws.numbers, vaultZone: ws.settings.vaultZone) },
                              updated: result.updated.map { CardJSON.summary($0, today: ws.today, numbers: ws.numbers, vaultZone: ws.settings.vaultZone) },
                              alreadyThere: result.alreadyThere, notes: result.notes).printJSON()
            }
            // "line 4: …" becomes "todo.txt:4: …", as a compiler names a place.
            let name = file == "-" ? "standard input" : file
            for n in result.notes {
                printError(n.hasPrefix("line ") && from != .taskwarrior ? name + ":" + n.dropFirst(5) : n)
            }
            let t = Terminal.current
            if result.added.isEmpty && result.updated.isEmpty {
                print("Nothing new to import" + (result.alreadyThere > 0 ? " — all \(result.alreadyThere) are already here." : "."))
                return
            }
            for c in result.added { print("  + " + c.title + t.dim("  (\(c.slug))")) }
            for c in result.updated { print("  ~ " + c.title + t.dim("  (\(c.slug))")) }
            let updated = result.updated.isEmpty ? "" : ", updated \(result.updated.count)"
            let unchanged = result.alreadyThere > 0 ? ", \(result.alreadyThere) already here" : ""
            print("Imported " + Words.plural(result.added.count, "card") + updated + unchanged + ".")
        }
    }
}

extension Import {
    /// `import --json`.
    struct Output: Encodable {
        let added: [CardJSON.Summary]
        let updated: [CardJSON.Summary]
        let alreadyThere: Int
        let notes: [String]
        enum CodingKeys: String, CodingKey { case added, updated, notes, alreadyThere = "already_there" }
    }
}
