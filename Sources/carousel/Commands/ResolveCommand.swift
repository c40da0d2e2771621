import ArgumentParser
import CarouselCore

struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Finish a `git pull` that stopped with conflicts, merging each file field by field.")

    @OptionGroup var options: GlobalOptions

    func run() throws {
        try reporting {
            let outcome = try Resolve.run(vault: try options.locateVault(), environment: options.environment)
            if options.json {
                return JSON.object([
                    ("commit", JSON.str(outcome.commit)),
                    ("paths", .array(outcome.paths.map(JSON.string))),
                    ("notes", .array(outcome.notes.map { .object([("path", .string($0.path)), ("message", .string($0.message))]) })),
                ]).print()
            }
            print(Terminal.current.green("✓") + " Finished the merge: \(outcome.paths.count) file\(outcome.paths.count == 1 ? "" : "s") merged field by field, no conflict markers left.")
            for note in outcome.notes { print("  " + note.path + ": " + note.message) }
        }
    }
}
