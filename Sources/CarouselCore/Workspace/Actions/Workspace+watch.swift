import Foundation

/// `carousel watch on|off|status`: whether refreshes ask Watchman what changed (`watch:` in
/// carousel.yaml, `CardIndex.watchedChanges`) and git's own `core.fsmonitor` for the vault.
public struct WatchStatus: Sendable, Equatable {
    /// `watch:` in carousel.yaml.
    public var setting: Settings.Watch
    /// Whether a Watchman answers on its socket now.
    public var running: Bool
    /// Whether git's `core.fsmonitor` is Carousel's hook.
    public var gitMonitor: Bool
    /// How the last refresh found what changed: true from Watchman, false by a stat pass, nil
    /// when no refresh kept a note (the setting was off).
    public var lastRefreshWatched: Bool?
    /// Why the last refresh did not use Watchman.
    public var reason: String?
}

extension Workspace {
    /// Turns the watcher on: Watchman watches the vault, `watch: watchman` is committed and git
    /// uses Carousel's hook as its fsmonitor (unless `core.fsmonitor` already names another
    /// monitor, which is kept). `program` is this program's path, for the hook.
    /// Refused, with nothing changed, when no Watchman answers.
    public func watchOn(program: String) throws(CarouselError) -> Bool {
        guard let (connection, _) = Watchman.connect(environment: environment, start: true) else {
            throw .usage("no Watchman answers: install Watchman (its program `watchman` on PATH, or its socket in WATCHMAN_SOCK), "
                + "then run `carousel watch on` again")
        }
        if case .failure(let problem) = Watchman.watchProject(connection, root: FileSystem.realPath(vault.root) ?? vault.root) {
            throw .io(problem.sentence)
        }
        let changed = try setSetting("watch", to: Settings.Watch.watchman.rawValue)
        let repository = try writer().repository
        let hook = GitFSMonitor.hookPath(gitDirectory: repository.gitDirectory)
        let ours = GitFSMonitor.configValue(gitDirectory: repository.gitDirectory, root: vault.root)
        // A monitor of the person's own is left as it is.
        if let theirs = repository.localConfigString("core.fsmonitor"), !theirs.isEmpty, theirs != ours, theirs != "false" { return changed }
        do {
            try FileManager.default.createDirectory(atPath: VaultPath.folder(of: hook), withIntermediateDirectories: true)
            try FileSystem.writeAtomically(GitFSMonitor.hookText(program: program), to: hook)
            guard chmod(hook, 0o755) == 0 else { throw CarouselError.io("\(hook) could not be made a program") }
            try repository.setLocalConfig("core.fsmonitor", ours)
            try repository.setLocalConfig("core.fsmonitorHookVersion", "2")
        } catch {
            throw .io("git's fsmonitor could not be set: \(error)")
        }
        return changed
    }

    /// Turns it off again: `watch: off` is committed, git's fsmonitor and the hook are removed,
    /// the index forgets its clock and Watchman stops watching the vault.
    public func watchOff() throws(CarouselError) -> Bool {
        let changed = try setSetting("watch", to: Settings.Watch.off.rawValue)
        let repository = try writer().repository
        let hook = GitFSMonitor.hookPath(gitDirectory: repository.gitDirectory)
        do {
            if repository.localConfigString("core.fsmonitor") == GitFSMonitor.configValue(gitDirectory: repository.gitDirectory, root: vault.root) {
                try repository.removeLocalConfig("core.fsmonitor")
                try repository.removeLocalConfig("core.fsmonitorHookVersion")
            }
            if FileManager.default.fileExists(atPath: hook) { try FileManager.default.removeItem(atPath: hook) }
        } catch {
            throw .io("git's fsmonitor could not be removed: \(error)")
        }
        index.forgetWatch()
        if let (connection, _) = Watchman.connect(environment: environment) {
            Watchman.unwatch(connection, root: FileSystem.realPath(vault.root) ?? vault.root)
        }
        return changed
    }
}

extension WatchStatus {
    /// The state of the vault's watcher, without refreshing anything.
    public static func of(vault: Vault, environment: [String: String]) throws(CarouselError) -> WatchStatus {
        let settings = (try? Settings.parse(text: try vault.readText(Vault.settingsFile))) ?? Settings()
        let index = try CardIndex(vault: vault)
        let report = index.watchReport()
        var monitor = false
        if let writer = try? VaultWriter(vault: vault, environment: environment) {
            monitor = writer.repository.localConfigString("core.fsmonitor")
                == GitFSMonitor.configValue(gitDirectory: writer.gitDirectory, root: vault.root)
        }
        return WatchStatus(setting: settings.watch, running: Watchman.connect(environment: environment) != nil, gitMonitor: monitor,
                           lastRefreshWatched: settings.watch == .watchman ? report?.usedWatchman : nil,
                           reason: settings.watch == .watchman ? report?.reason : nil)
    }
}
