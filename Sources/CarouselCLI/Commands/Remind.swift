import ArgumentParser
import CarouselCore
import CarouselGit
import Foundation

struct Remind: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Reminders due now, and those missed since the last run, each shown once.",
        discussion: "Write `remind: 30m` on a card, `remind: \"08:00\"` on a habit, or `checkin_reminder: \"20:30\"` in carousel.yaml. Run it every minute with: carousel remind --install")

    @OptionGroup var options: GlobalOptions

    @Option(help: "Remind as if it were this time, YYYY-MM-DDTHH:MM (else CAROUSEL_NOW, else the clock).")
    var now: String?

    @Flag(help: "Also send each reminder as a desktop notification through notify-send.")
    var notify = false

    @Flag(help: "Run `carousel remind --notify` every minute: a systemd user timer, else a crontab line.")
    var install = false

    @Flag(help: "Remove the systemd user timer and service.")
    var uninstall = false

    @Flag(help: "Say what is installed and when reminders last ran.")
    var status = false

    struct Output: Codable {
        struct Item: Codable { let kind: String; let slug: String; let title: String; let at: String; let late: Bool }
        let reminders: [Item]
        let summarised: Int
    }

    func validate() throws {
        if let now, moment(now) == nil { throw ValidationError("--now must be a date and time like 2026-11-23T09:30, found \"\(now)\"") }
        if now == nil, let env = options.environment["CAROUSEL_NOW"], !env.isEmpty, moment(env) == nil {
            throw ValidationError("CAROUSEL_NOW must be a date and time like 2026-11-23T09:30, found \"\(env)\"")
        }
    }

    func moment(_ text: String) -> Moment? {
        guard let v = DateValue(text: text), let m = v.minutes else { return nil }
        return Moment(today: v.day, minutes: m, seconds: 0, epochMilliseconds: UInt64(max(0, v.day.dayNumber)) * 86_400_000)
    }

    var pinned: Moment {
        if let now, let m = moment(now) { return m }
        if let env = options.environment["CAROUSEL_NOW"], !env.isEmpty, let m = moment(env) { return m }
        return options.moment
    }

    func run() throws {
        try reporting {
            let vault = try options.locateVault()
            if install || uninstall || status { return try manage(vault) }
            let ws = try Workspace(vault: vault, moment: pinned, environment: options.environment, forWriting: false)
            options.applyLook(ws.settings)
            printDiagnostics(ws)
            var cards = ReminderSources.cards(try ws.remindingCards(), vault: vault)
            cards.inputs = try Reminders.withTransitions(cards.inputs, cards: try ws.cardsPlacedTodayAndTomorrow(), minutes: ws.settings.transition)
            let habits = ReminderSources.habits(HabitLoader.load(vault: vault).habits, vault: vault)
            for d in cards.problems + habits.problems { printError(d.description) }
            let checkin = ws.settings.checkinReminder
            let run = try ReminderRecord.update(vault) { record in
                Reminders.due(cards: cards.inputs, habits: habits.inputs, checkin: checkin, record: record, now: pinned.stamp,
                              vaultZone: ws.settings.vaultZone)
            }
            if notify { send(run) }
            if options.json {
                let items = run.reminders.map { Output.Item(kind: $0.kind.rawValue, slug: $0.slug, title: $0.title, at: $0.at.description, late: $0.late) }
                return printRaw(JSONOutput.render(Output(reminders: items, summarised: run.summarised), snakeCase: true))
            }
            let t = Terminal.current
            var out: [String] = []
            for r in run.reminders {
                let time = r.at.day == pinned.today ? (r.at.timeText ?? "") : Words.shortDate(r.at.day) + " " + (r.at.timeText ?? "")
                out.append("  " + t.bold(time) + "  " + r.title + (r.late ? t.dim("  (late)") : ""))
            }
            if run.summarised > 0 {
                out.append("  " + t.dim("\(Words.plural(run.summarised, "older reminder")) missed more than a week ago, not replayed"))
            }
            if !out.isEmpty { printLines(out) }
        }
    }

    func send(_ run: Reminders.Run) {
        guard let path = executable("notify-send") else {
            return printError("notify-send is not installed, so no desktop notifications were sent (Debian: apt install libnotify-bin).")
        }
        for r in run.reminders {
            let (title, body) = r.notice
            _ = launch(path, ["--app-name=Carousel", title, body])
        }
    }

    // MARK: --install, --uninstall, --status

    func manage(_ vault: Vault) throws(CarouselError) {
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
        let binary = CommandLine.arguments[0].contains("/") ? me : (executable(CommandLine.arguments[0]) ?? me)
        let units = ReminderUnits(executable: binary, vaultRoot: vault.root)
        let env = options.environment
        let dir = (env["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? ((env["HOME"] ?? NSHomeDirectory()) + "/.config")) + "/systemd/user"
        let service = dir + "/\(units.name).service", timer = dir + "/\(units.name).timer"
        let systemctl = executable("systemctl")
        if status {
            let installed = FileManager.default.fileExists(atPath: timer)
            print(installed ? "Installed: \(timer) (every minute)." : "Not installed. carousel remind --install runs it every minute.")
            let last = ReminderRecord.load(vault).lastRun
            print(last.map { "Last ran at \($0.replacingOccurrences(of: "T", with: " "))." } ?? "Has not run yet.")
            return
        }
        if uninstall {
            if let systemctl { _ = launch(systemctl, ["--user", "disable", "--now", units.name + ".timer"]) }
            let removed = [timer, service].filter { (try? FileManager.default.removeItem(atPath: $0)) != nil }
            if let systemctl { _ = launch(systemctl, ["--user", "daemon-reload"]) }
            return print(removed.isEmpty ? "Nothing was installed for this vault." : "Removed \(removed.joined(separator: " and ")).")
        }
        guard let systemctl else {
            print("systemd is not here; add this line with `crontab -e` to run reminders every minute:")
            return print(units.crontab)
        }
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try Data(units.service.utf8).write(to: URL(fileURLWithPath: service), options: .atomic)
            try Data(units.timer.utf8).write(to: URL(fileURLWithPath: timer), options: .atomic)
        } catch {
            throw CarouselError.io("cannot write \(dir): \(error.localizedDescription)")
        }
        print("Wrote \(service) and \(timer).")
        guard launch(systemctl, ["--user", "daemon-reload"]) == 0, launch(systemctl, ["--user", "enable", "--now", units.name + ".timer"]) == 0 else {
            print("systemctl --user could not enable it (no user session?); run `systemctl --user enable --now \(units.name).timer` later, or add this line with `crontab -e`:")
            return print(units.crontab)
        }
        print("Enabled \(units.name).timer: reminders run every minute.")
    }

    /// The full path of a program on PATH, if it is there.
    func executable(_ name: String) -> String? {
        for dir in (options.environment["PATH"] ?? "").split(separator: ":") {
            let path = dir + "/" + name
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    func launch(_ path: String, _ arguments: [String]) -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        p.environment = CommandLineRun.current.environment
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return -1 }
        p.waitForExit()
        return p.terminationStatus
    }
}
