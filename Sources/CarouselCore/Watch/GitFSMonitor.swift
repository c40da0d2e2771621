import Foundation

/// git's own file monitor for the vault (`core.fsmonitor`, hook version 2): `watch on` writes a
/// small hook into git's folder that asks Carousel, which asks Watchman, which files changed
/// since git's last token, so `git status` in the vault stats only those. A hook that fails (no
/// Watchman, Carousel moved) makes git stat every file, as without it.
public enum GitFSMonitor {
    static let hookName = "carousel-fsmonitor"

    static func hookPath(gitDirectory: String) -> String { gitDirectory + "/hooks/" + hookName }

    /// `core.fsmonitor` for the hook: relative to the vault when git's folder is inside it (git
    /// runs the hook in the vault), so the vault can move; else the hook's path.
    static func configValue(gitDirectory: String, root: String) -> String {
        let real = FileSystem.realPath(gitDirectory) ?? gitDirectory, realRoot = FileSystem.realPath(root) ?? root
        guard real.hasPrefix(realRoot + "/") else { return hookPath(gitDirectory: gitDirectory) }
        return hookPath(gitDirectory: String(real.dropFirst(realRoot.count + 1)))
    }

    /// The hook: runs this program's `watch git-fsmonitor` with git's arguments, in the vault.
    static func hookText(program: String) -> String {
        """
        #!/bin/sh
        # Written by `carousel watch on`, removed by `carousel watch off`: git asks which files
        # changed since its last token (core.fsmonitor, hook version 2); Carousel asks Watchman.
        exec \(shellQuoted(program)) watch git-fsmonitor "$@"

        """
    }

    /// What the hook prints for git: Watchman's clock (git's next token), a NUL, then every
    /// path that may have changed, each followed by a NUL; the path `/` means every file (a
    /// token that is not a Watchman clock, or a Watchman that started again). Nil when there is
    /// no answer to give: the hook then fails and git stats every file.
    public static func answer(root: String, version: String, token: String, environment: [String: String]) -> [UInt8]? {
        guard version == "2", let (connection, _) = Watchman.connect(environment: environment),
              case .success(let watched) = Watchman.watchProject(connection, root: FileSystem.realPath(root) ?? root) else { return nil }
        let since = token.hasPrefix("c:") ? token : nil
        guard case .success(let answer) = Watchman.query(connection, watched, dir: "", since: since, fields: ["name", "exists"]),
              let clock = answer.clock else { return nil }
        var out = Array(clock.utf8) + [0]
        if since == nil || answer.isFreshInstance == true { return out + [UInt8(ascii: "/"), 0] }
        for file in answer.files ?? [] { out += Array(file.name.utf8) + [0] }
        return out
    }
}
