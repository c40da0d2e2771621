import ArgumentParser
import CarouselCore
import Foundation

struct Import: ParsableCommand {
    enum Source: String, ExpressibleByArgument, CaseIterable { case todotxt, taskwarrior }

    static let configuration = CommandConfiguration(
        abstract: "Bring tasks in from todo.txt or Taskwarrior (`task export`), as one commit.",
        discussion: "Running it again adds only what is new. The mapping is in docs/ecosystem.md.")

    @OptionGroup var options: GlobalOptions

    @Option(help: "todotxt or taskwarrior.")
    var from: Source

    @Argument(help: "The todo.txt file, or a file holding the JSON of `task export`; - reads standard input.", completion: .file())
    var file: String

    func run() throws {
        try reporting {
            let data: Data
            if file == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                guard let read = FileManager.default.contents(atPath: file) else {
                    throw CarouselError.io("cannot read \(file); check the path and that it is a readable file")
                }
                data = read
            }
            let plan: ImportPlan
            do {
                switch from {
                case .todotxt: plan = try TodoTxt.parse(String(decoding: data, as: UTF8.self), today: options.moment.today)
                case .taskwarrior: plan = try Taskwarrior.parse(data)
                }
            } catch let error as ImportError {
                let name = file == "-" ? "standard input" : file
                let place = from == .todotxt ? "\(name):\(error.line)" : "\(name): task \(error.line)"
                throw CarouselError.usage("\(place): \(error.message). Nothing was imported.")
            }
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let result = try ws.importItems(plan, source: from == .todotxt ? "todo.txt" : "Taskwarrior")
            if options.json {
                return JSON.object([
                    ("added", .array(result.added.map { CardJSON.summary($0, today: ws.today) })),
                    ("already_there", .int(result.alreadyThere)),
                    ("notes", .array(result.notes.map(JSON.string))),
                ]).print()
            }
            for n in result.notes { printError(n) }
            let t = Terminal.current
            if result.added.isEmpty {
                print("Nothing new to import" + (result.alreadyThere > 0 ? " — all \(result.alreadyThere) are already here." : "."))
                return
            }
            for c in result.added { print("  + " + c.title + t.dim("  (\(c.slug))")) }
            print("Imported " + Words.plural(result.added.count, "card") + (result.alreadyThere > 0 ? ", \(result.alreadyThere) already here" : "") + ".")
        }
    }
}
