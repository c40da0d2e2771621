import ArgumentParser
import CarouselCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct Reflect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reflect",
        abstract: "Save a morning or night reflection in today's journal.",
        discussion: "One of each per day: a second one replaces the first (and says so).")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "This morning's reflection.")
    var morning = false

    @Flag(help: "Tonight's reflection.")
    var night = false

    @Option(help: "How you slept, 1 (badly) to 5 (wonderfully).")
    var sleep: Int?

    @Argument(help: "What is on your mind. Asked for when left out on a terminal.")
    var text: [String] = []

    func validate() throws {
        if morning == night { throw ValidationError("say which: --morning or --night") }
        if let sleep, !(1...5).contains(sleep) { throw ValidationError("--sleep must be 1–5, found \(sleep)") }
    }

    func run() throws {
        try reporting {
            var words = text.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
            if words.isEmpty {
                guard CommandLineRun.current.inputIsTerminal else {
                    throw CarouselError.usage("write the reflection after the flags, e.g. carousel reflect --\(night ? "night" : "morning") \"Slept well\"")
                }
                CommandLineRun.current.writeError(night ? "How did today go? " : "How are you starting the day? ")
                words = readLine()?.trimmingCharacters(in: .whitespaces) ?? ""
                if words.isEmpty { return print("Nothing saved. Come back whenever you like.") }
            }
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let replaced = try ws.reflect(night: night, text: words, sleep: sleep)
            if options.json {
                return Output(date: ws.today.iso, night: night, text: words, sleep: sleep, replaced: replaced).printJSON()
            }
            if replaced { print("Replaced \(night ? "tonight's" : "this morning's") reflection with the new one (git keeps the old).") }
            print(night ? "Saved tonight's reflection. Rest well." : "Saved this morning's reflection. Have a gentle day.")
        }
    }
}

extension Reflect {
    /// `reflect --json`: the words under `reflection_morning` or `reflection_night`, as in the journal.
    struct Output: Encodable {
        let date: String
        let night: Bool
        let text: String
        let sleep: Int?
        let replaced: Bool

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: AnyKey.self)
            try c.encode(date, forKey: AnyKey("date"))
            try c.encode(text, forKey: AnyKey(night ? "reflection_night" : "reflection_morning"))
            try c.encode(OrNull(wrappedValue: sleep), forKey: AnyKey("sleep"))
            try c.encode(replaced, forKey: AnyKey("replaced"))
        }
    }
}
