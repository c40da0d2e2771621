import ArgumentParser
import CarouselCore
import Foundation

struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Let Watchman tell the index and git which files changed (on, off or status).",
        discussion: """
            `watch on` has Watchman watch the vault, sets `watch: watchman` in carousel.yaml (one commit) and makes \
            Carousel's hook git's core.fsmonitor, so views and `git status` stat only the files Watchman reports. \
            Whenever Watchman is stopped, started again or unsure, every file is stat'ed as without it. \
            `watch off` undoes all three; `watch status` says how the last refresh found its changes.
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: "on, off or status.")
    var action: Action = .status

    /// git's arguments to the fsmonitor hook (`git-fsmonitor VERSION TOKEN`).
    @Argument(help: .hidden)
    var hookArguments: [String] = []

    enum Action: String, ExpressibleByArgument {
        case on, off, status
        case gitFSMonitor = "git-fsmonitor"

        static var allValueStrings: [String] { ["on", "off", "status"] }
    }

    func run() throws {
        if action == .gitFSMonitor { return try answerGit() }
        try reporting {
            switch action {
            case .on, .off:
                let ws = try options.workspace(writing: true)
                printNotices(ws)
                let changed = try action == .on ? ws.watchOn(program: Watch.program()) : ws.watchOff()
                let status = try WatchStatus.of(vault: ws.vault, environment: options.environment)
                if options.json { return Output(status, changed: changed).printJSON() }
                print(action == .on ? "Watching the vault with Watchman; git uses it too." : "Not watching: every file is stat'ed again.")
            default:
                let status = try WatchStatus.of(vault: try options.locateVault(), environment: options.environment)
                if options.json { return Output(status, changed: nil).printJSON() }
                print("watch: \(status.setting.rawValue)")
                print("Watchman: " + (status.running ? "running" : "not running"))
                print("git fsmonitor: " + (status.gitMonitor ? "Carousel's hook" : "off"))
                if let watched = status.lastRefreshWatched {
                    print("Last refresh: " + (watched ? "Watchman's changes" : "stat'ed every file (\(status.reason ?? "no reason kept"))"))
                }
            }
        }
    }

    /// The hook git runs (`GitFSMonitor`): answers for the vault git runs it in; any failure is
    /// an exit status git reads as "stat every file".
    private func answerGit() throws {
        guard hookArguments.count == 2,
              let out = GitFSMonitor.answer(root: FileManager.default.currentDirectoryPath, version: hookArguments[0],
                                            token: hookArguments[1], environment: options.environment) else {
            throw ExitCode(1)
        }
        printRaw(String(decoding: out, as: UTF8.self), terminator: "")
    }

    /// This program's path, for the hook.
    static func program() -> String {
        if let own = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return own }
        return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    }
}

extension Watch {
    /// `watch on|off|status --json`.
    struct Output: Encodable {
        let watch: String
        let watchman: Bool
        let gitFsmonitor: Bool
        @OrNull var lastRefresh: String?
        @OrNull var reason: String?
        @OrNull var changed: Bool?

        init(_ status: WatchStatus, changed: Bool?) {
            watch = status.setting.rawValue
            watchman = status.running
            gitFsmonitor = status.gitMonitor
            lastRefresh = status.lastRefreshWatched.map { $0 ? "watchman" : "stat" }
            reason = status.reason
            self.changed = changed
        }

        enum CodingKeys: String, CodingKey {
            case watch, watchman, reason, changed
            case gitFsmonitor = "git_fsmonitor"
            case lastRefresh = "last_refresh"
        }
    }
}
