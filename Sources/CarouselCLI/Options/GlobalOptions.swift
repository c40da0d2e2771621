import ArgumentParser
import CarouselCore
import Foundation

/// The flags every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: "The vault folder (else CAROUSEL_VAULT, else the vault around the current folder).")
    var vault: String?

    @Option(name: .long, help: "Plan as if it were this date, YYYY-MM-DD (else CAROUSEL_TODAY, else the local date).")
    var today: String?

    @Flag(name: .long, help: "Print JSON for scripts instead of text.")
    var json = false

    @Option(name: .long, help: "Colour: auto (on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorChoice = .auto

    /// The run's environment (`CommandLineRun`), not necessarily the process's.
    var environment: [String: String] { CommandLineRun.current.environment }

    func validate() throws {
        // Validate runs before any output.
        if color != .auto { CommandLineRun.current.colorChoice = color }
        if let today, Day(iso: today) == nil {
            throw ValidationError("--today must be a date like 2026-11-23, found \"\(today)\"")
        }
        if today == nil, let env = environment["CAROUSEL_TODAY"], !env.isEmpty, Day(iso: env) == nil {
            throw ValidationError("CAROUSEL_TODAY must be a date like 2026-11-23, found \"\(env)\"")
        }
    }

    /// The pinned day, if any.
    var pinnedDay: Day? {
        if let today { return Day(iso: today) }
        if let env = environment["CAROUSEL_TODAY"], !env.isEmpty { return Day(iso: env) }
        return nil
    }

    var moment: Moment { Moment.now(pinned: pinnedDay) }

    func locateVault() throws(CarouselError) -> Vault {
        try Vault.locate(explicit: vault, environment: environment, cwd: FileManager.default.currentDirectoryPath)
    }

    /// Opens the vault for a command; `writing` commits pending editor edits first.
    func workspace(writing: Bool) throws(CarouselError) -> Workspace {
        let ws = try Workspace(vault: try locateVault(), moment: moment, environment: environment, forWriting: writing,
                               progress: ProgressBar.indexing())
        applyLook(ws.settings)
        LastOpened.note(ws.vault, today: ws.today)
        return ws
    }

    /// The settings' look: `theme: plain` turns colour off unless `--color` asked for it, and
    /// categories take their colours from `categories:`.
    func applyLook(_ settings: Settings) {
        let run = CommandLineRun.current
        if color == .auto, settings.theme == "plain" { run.colorChoice = .never }
        run.categoryColors = settings.categoryColors
        run.tagStyles = settings.tagStyles
    }
}

enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}
