import ArgumentParser
import CarouselCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What `done`, `rm`, `set` and `pull` share for changing several cards at once.
struct BulkOptions: ParsableArguments {
    @Flag(help: "Change more than 3 matching cards without asking (for scripts).")
    var yes = false

    /// More than this many cards need a yes.
    static let askAbove = 3

    /// Asks before changing more than 3 cards, listing them on stderr. Without a terminal to ask
    /// on, refuses and says to pass `--yes`. Returns false when the person said no.
    func confirm(_ cards: [Card], verb: String, ws: Workspace) throws -> Bool {
        guard cards.count > BulkOptions.askAbove, !yes else { return true }
        let t = Terminal.current
        printError("\(cards.count) cards match; this will \(verb):")
        for line in ListRender.lines(cards, today: ws.today, numbers: ws.numbers, width: t.width, t) { printError("  " + line) }
        guard CommandLineRun.current.inputIsTerminal else {
            throw CarouselError.usage("nothing changed: \(cards.count) cards match and there is no terminal to ask. Pass --yes to \(verb), or narrow the filter.")
        }
        CommandLineRun.current.writeError("Go ahead? [y/N] ")
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        if answer == "y" || answer == "yes" { return true }
        print("Nothing changed.")
        return false
    }

    /// When a filter matched nothing.
    static let noMatch = "No cards match. Nothing changed."
}

/// Usage mistakes in REF and filter words, caught before anything runs (exit 2): an option this
/// command does not have (the words swallow unknown `--flags`) or a filter key that does not exist.
func validateTerms(_ words: [String], required: Bool = false, options: [String] = ["--yes"]) throws {
    if required && words.isEmpty {
        throw ValidationError("say which card: its number, its slug, or a filter such as +home or due.before:eow")
    }
    for w in words {
        if w.hasPrefix("--") && w.count > 2 {
            let name = String(w.prefix { $0 != "=" })
            throw ValidationError("unknown option '\(w)'." + Nearest.hint(for: name, among: options + GlobalArguments.options.keys))
        }
        if w.count == 2, w.first == "-", w.last?.isLetter == true {
            throw ValidationError("unknown option '\(w)': Carousel's options are spelled out (--open, --overdue, --done …); "
                + "`carousel help` lists each command's options")
        }
        if let colon = w.firstIndex(of: ":"), !w[..<colon].isEmpty, w[..<colon].allSatisfy({ $0.isLetter || $0 == "." }),
           !FilterTerms.keys.contains(w[..<colon].lowercased()) {
            let near = Nearest.words(to: w[..<colon].lowercased(), among: FilterTerms.keys, limit: 1).first.map { " Did you mean '\($0):'?" } ?? ""
            throw ValidationError("unknown filter '\(w[..<colon]):'.\(near) Filters are +tag, -tag and "
                + FilterTerms.keys.map { $0 + ":" }.joined(separator: ", "))
        }
    }
}

/// The help for the words `done`, `rm`, `set` and `pull` take.
let refsHelp = ArgumentHelp(
    "Cards: numbers from `carousel list`, slugs, ids (or their start), titles, and filters such as +home due.before:eow.",
    valueName: "ref-or-filter")
