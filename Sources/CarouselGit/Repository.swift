import Foundation
internal import Clibgit2

/// A non-bare git repository, the only owner of its libgit2 handle.
public final class Repository {
    let pointer: OpaquePointer
    /// Work tree path, with no trailing slash.
    public let workdir: String
    /// Whether `commit(paths:)` may take the byte-level route (`quickTree`); tests turn it off
    /// to compare with libgit2's, and `make bench` with `CAROUSEL_QUICK_COMMIT=off` in the
    /// environment to time both routes side by side.
    var allowsQuickCommit = getenv("CAROUSEL_QUICK_COMMIT").map { String(cString: $0) } != "off"
    /// Whether the last `commit(paths:)` took the byte-level route.
    var lastCommitWasQuick = false

    /// Takes ownership of `pointer`, freeing it if the repository turns out to be bare.
    private init(pointer: OpaquePointer) throws {
        guard let raw = git_repository_workdir(pointer) else {
            git_repository_free(pointer)
            throw GitError(code: GIT_EBAREREPO.rawValue, function: "git_repository_workdir",
                           message: "repository has no work tree")
        }
        var path = String(cString: raw)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        self.pointer = pointer
        self.workdir = path
    }

    /// The repository's own folder (`.git`, or where a `.git` file points), with no trailing slash.
    public var gitDirectory: String {
        guard let raw = git_repository_path(pointer) else { return workdir + "/.git" }
        var path = String(cString: raw)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    deinit {
        git_repository_free(pointer)
    }

    /// Creates a new non-bare repository at path (creating the directory), with HEAD on refs/heads/main.
    ///
    /// Refuses to re-initialise an existing repository, so callers cannot silently
    /// reset settings of a vault they meant to open.
    public static func create(at path: String) throws -> Repository {
        try GitLibrary.ensureInitialized()
        var options = git_repository_init_options()
        try check(git_repository_init_options_init(&options, UInt32(GIT_REPOSITORY_INIT_OPTIONS_VERSION)),
                  "git_repository_init_options_init")
        options.flags = GIT_REPOSITORY_INIT_MKPATH.rawValue | GIT_REPOSITORY_INIT_NO_REINIT.rawValue
        var raw: OpaquePointer?
        try "main".withCString { head in
            options.initial_head = head
            try check(git_repository_init_ext(&raw, path, &options), "git_repository_init_ext")
        }
        guard let pointer = raw else {
            throw GitError(code: -1, function: "git_repository_init_ext", message: "no repository returned")
        }
        return try Repository(pointer: pointer)
    }

    /// Opens the repository whose work tree is exactly path; throws if there is none.
    public static func open(at path: String) throws -> Repository {
        try GitLibrary.ensureInitialized()
        // NO_SEARCH alone would still accept the .git directory itself, so insist on the work tree.
        guard hasDotGit(path) else {
            throw GitError(code: GIT_ENOTFOUND.rawValue, function: "git_repository_open_ext",
                           message: "no git work tree at '\(path)'")
        }
        var raw: OpaquePointer?
        try check(git_repository_open_ext(&raw, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil),
                  "git_repository_open_ext")
        guard let pointer = raw else {
            throw GitError(code: -1, function: "git_repository_open_ext", message: "no repository returned")
        }
        return try Repository(pointer: pointer)
    }

    /// True if path is the top of a git work tree.
    ///
    /// libgit2 is asked only to validate (a NULL out pointer opens nothing),
    /// and only once a `.git` entry has been seen.
    public static func isRepository(at path: String) -> Bool {
        guard hasDotGit(path), (try? GitLibrary.ensureInitialized()) != nil else { return false }
        // A repository owned by another account is still one; opening it says why it is refused.
        let result = git_repository_open_ext(nil, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil)
        return result == 0 || result == GIT_EOWNER.rawValue
    }

    /// A `.git` directory, or a `.git` file as worktrees and submodules use.
    private static func hasDotGit(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(".git"))
    }
}
