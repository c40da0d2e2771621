internal import Clibgit2

/// Process-wide libgit2 set-up.
enum GitLibrary {
    /// `static let` runs its initialiser exactly once, thread-safely, which is all git_libgit2_init needs.
    private static let initResult: Int32 = git_libgit2_init()

    /// Initialises libgit2 on first use; never shut down, since handles may outlive any one caller.
    static func ensureInitialized() throws {
        try check(initResult, "git_libgit2_init")
    }
}
