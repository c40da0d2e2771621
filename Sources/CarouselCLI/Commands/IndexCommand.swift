import ArgumentParser
import CarouselCore
import Foundation

struct IndexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index", abstract: "Refresh the index in .carousel/ and say how much work that took.")

    @OptionGroup var options: GlobalOptions

    func run() throws {
        try reporting {
            let started = DispatchTime.now().uptimeNanoseconds
            let ws = try options.workspace(writing: false)
            let ms = Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
            printDiagnostics(ws)
            let s = ws.stats
            let bad = Set(ws.diagnostics.filter { $0.severity == .error }.map(\.path)).count
            let files = try ws.cardFileCount()
            if options.json {
                return Output(files: files, parsed: s.parsed, removed: s.removed, cards: try ws.cardCount(), problems: bad,
                              rebuilt: s.rebuilt, folders: s.folders, milliseconds: (ms * 10).rounded() / 10).printJSON()
            }
            print("Indexed \(Words.plural(files, "card file")): read \(s.parsed), dropped \(s.removed)"
                + (bad > 0 ? ", \(bad) with problems" : "") + " in \(String(format: "%.1f", ms)) ms.")
        }
    }
}

extension IndexCommand {
    /// `index --json`.
    struct Output: Encodable {
        let files, parsed, removed, cards, problems: Int
        let rebuilt: Bool
        let folders: Int
        let milliseconds: Double
    }
}
