internal import Clibgit2

extension Repository {
    /// The names of the configured remotes, as `git remote` lists them.
    public func remoteNames() throws -> [String] {
        var list = git_strarray()
        try check(git_remote_list(&list, pointer), "git_remote_list")
        defer { git_strarray_dispose(&list) }
        return (0..<list.count).compactMap { list.strings[$0].map { String(cString: $0) } }
    }

    /// The fetch URL of a remote; nil when no remote has that name.
    public func remoteURL(_ name: String) throws -> String? {
        var remote: OpaquePointer?
        let result = git_remote_lookup(&remote, pointer, name)
        if result == GIT_ENOTFOUND.rawValue || result == GIT_EINVALIDSPEC.rawValue { return nil }
        try check(result, "git_remote_lookup")
        defer { git_remote_free(remote) }
        return git_remote_url(remote).map { String(cString: $0) }
    }

    /// Adds a remote with git's default fetch refspec (`refs/remotes/NAME/*`).
    public func addRemote(name: String, url: String) throws {
        var remote: OpaquePointer?
        try check(git_remote_create(&remote, pointer, name, url), "git_remote_create")
        git_remote_free(remote)
    }

    /// The first commit of the history reachable from `tip`: when the vault was started.
    public func rootCommitTime(from tip: ObjectID) throws -> Int64 {
        try commits(from: tip, hiding: nil).map(\.time).min() ?? 0
    }
}
