import ArgumentParser
import CarouselCore

/// `carousel migrate --to tasknotes|carousel`: every card's keys rewritten one way, in one commit.
struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Rewrite every card's keys as TaskNotes' or as Carousel's, in one commit.",
        discussion: """
            Keys are renamed where they stand (importance becomes priority, start scheduled, \
            repeat recurrence with its DTSTART, done a status and completedDate, and back); \
            values, comments, other keys and the body stay as they are, and carousel.yaml's \
            format: follows. A card that would read differently afterwards is left as it is and named. \
            With --dry-run nothing is written.
            """)

    @OptionGroup var options: GlobalOptions

    @Option(help: "tasknotes or carousel: the keys every card is written with afterwards.")
    var to: Settings.CardFormat

    @Flag(help: "Only say which cards would change.")
    var dryRun = false

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: !dryRun)
            printNotices(ws)
            let report = try ws.migrate(to: to, dryRun: dryRun)
            if options.json {
                return Output(format: to.rawValue, dry_run: dryRun, changed: report.changed,
                              kept: report.kept.map { .init(path: $0.path, reason: $0.reason) },
                              settings_changed: report.settingsChanged).printJSON()
            }
            let verb = dryRun ? "Would rewrite" : "Rewrote"
            print("\(verb) \(Words.plural(report.changed.count, "card")) with \(to == .tasknotes ? "TaskNotes'" : "Carousel's") keys.")
            for path in report.changed { print("  " + path) }
            for kept in report.kept { print("  left as it is: \(kept.path) (\(kept.reason))") }
            if dryRun && (!report.changed.isEmpty || report.settingsChanged) { print("Run it without --dry-run to write them in one commit.") }
        }
    }
}

extension Migrate {
    struct Output: Encodable {
        let format: String
        let dry_run: Bool
        /// Card paths whose keys change.
        let changed: [String]
        let kept: [Kept]
        let settings_changed: Bool
        struct Kept: Encodable { let path, reason: String }
    }
}
