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
}
