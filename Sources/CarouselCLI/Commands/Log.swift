import ArgumentParser
import Foundation
import CarouselCore

struct Log: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Show the vault's recent changes, or one card's history field by field.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "A card (slug, id, or the start of either). Without it: the whole vault's recent changes.")
    var ref: String?

    @Option(name: [.long, .customShort("n")], help: "How many changes to show (`-n 3`, as git log reads it).")
    var limit = 20

    @Option(name: .long, help: "Only changes on or after this date (on this machine's clock): \(DateInput.help).")
    var since: String?

    func validate() throws {
        if let since, DateInput.parse(since, today: Day(year: 2000, month: 1, day: 1)!) == nil {
            throw ValidationError("--since: " + DateInput.refusal(since))
        }
    }

    func run() throws {
        try reporting {
            let vault = try options.locateVault()
            var title: String?
            var entries: [HistoryEntry]
            if let ref {
                let path: String
                let ws = try options.workspace(writing: false)
                if let card = try? ws.resolve(ref) {
                    path = card.path
                    title = card.title
                } else {
                    // A removed card still has a history under its old file name.
                    path = ref.hasPrefix(Vault.cardsDir + "/") ? ref : "\(Vault.cardsDir)/\(ref)\(ref.hasSuffix(".md") ? "" : ".md")"
                }
                entries = try History.file(vault: vault, path: path, limit: limit)
                if entries.isEmpty, title == nil { _ = try ws.resolve(ref) }
            } else {
                entries = try History.recent(vault: vault, limit: limit)
            }
            if let day = since.flatMap({ DateInput.parse($0, today: options.moment.today)?.day }) {
                // Midnight of that day on this machine's clock.
                let utcMidnight = Int64(day.dayNumber) * 86_400
                let start = utcMidnight - Int64(TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utcMidnight))))
                entries = entries.filter { $0.time >= start }
            }
            if options.json { return HistoryRender.json(entries).printJSON() }
            HistoryRender.text(entries, title: title).forEach { print($0) }
        }
    }
}
