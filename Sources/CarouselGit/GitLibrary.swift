internal import Clibgit2

/// Process-wide libgit2 set-up.
public enum GitLibrary {
    /// `static let` runs its initialiser exactly once, thread-safely, which is all git_libgit2_init needs.
    /// Right after it, libgit2 is told to fsync everything it writes in the git directory (objects,
    /// packs, refs, the index): without it a power cut can leave HEAD naming objects that never
    /// reached the disk.
    private static let initResult: (Int32, Int32) = {
        let initialized = git_libgit2_init()
        guard initialized >= 0 else { return (initialized, 0) }
        return (initialized, clibgit2_enable_fsync_gitdir(1))
    }()

    /// Initialises libgit2 on first use; never shut down, since handles may outlive any one caller.
    static func ensureInitialized() throws {
        try check(initResult.0, "git_libgit2_init")
        try check(initResult.1, "git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR)")
    }

    /// Whether libgit2 fsyncs the git directory (always true once initialised).
    public static var fsyncsGitDirectory: Bool { initResult.0 >= 0 && initResult.1 >= 0 }

    /// Makes libgit2 look for git's global, xdg and system config where the environment says now
    /// (it reads HOME and XDG_CONFIG_HOME once, at initialisation): for a caller that runs the
    /// command line in-process, one HOME after another.
    public static func reloadConfigSearchPaths() throws {
        try ensureInitialized()
        for level in [GIT_CONFIG_LEVEL_SYSTEM, GIT_CONFIG_LEVEL_XDG, GIT_CONFIG_LEVEL_GLOBAL] {
            try check(clibgit2_reset_search_path(Int32(level.rawValue)), "git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH)")
        }
    }
}
