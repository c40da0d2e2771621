import ArgumentParser
import CarouselCore

struct Config: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show or change the vault's settings (carousel.yaml).",
        discussion: """
            `carousel config` lists every setting; `carousel config KEY` prints one; `carousel config KEY VALUE` \
            changes it (one commit). Keys: budget (5–20), carousel (smart or linear), views (a comma-separated \
            list of board, habits, countdown, calendar, timeline, checkin), week_start (a weekday), theme (auto \
            or plain), reduce_motion (true or false). `config tags.NAME COLOUR` sets a tag's colour. Categories and their colours, and tag icons, are edited in carousel.yaml.
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The setting to show or change.")
    var key: String?

    @Argument(help: "Its new value.")
    var value: String?

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: value != nil)
            printNotices(ws)
            let values = try ws.settingValues()
            guard let key else {
                if options.json { return Values(pairs: values.map { ($0.key, $0.value) }).printJSON() }
                let width = values.map(\.key.count).max() ?? 0
                for (k, v) in values { print("  " + k.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + v) }
                return
            }
            guard let value else {
                guard let current = values.first(where: { $0.key == key }) else {
                    throw CarouselError.usage("unknown setting '\(key)'." + Nearest.hint(for: key, among: Settings.keys))
                }
                if options.json { return Values(pairs: [(current.key, current.value)]).printJSON() }
                return print(current.value)
            }
            let changed = try ws.setSetting(key, to: value)
            let started = ws.settings.started
            let note = changed && Settings.guardrailApplies(started: started, today: ws.today) ? Settings.guardrailNote : nil
            if options.json {
                return Changed(key: key, value: value, changed: changed, note: note).printJSON()
            }
            print(changed ? "\(key) is now \(value)." : "\(key) is already \(value).")
            if let note { print(Terminal.current.dim(note)) }
        }
    }
}

extension Config {
    /// `config --json` and `config KEY --json`: each setting as its text in carousel.yaml.
    struct Values: Encodable {
        let pairs: [(String, String)]
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: AnyKey.self)
            for (k, v) in pairs { try c.encode(v, forKey: AnyKey(k)) }
        }
    }

    /// `config KEY VALUE --json`.
    struct Changed: Encodable {
        let key, value: String
        let changed: Bool
        @OrNull var note: String?
    }
}
