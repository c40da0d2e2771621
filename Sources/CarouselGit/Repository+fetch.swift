internal import Clibgit2

extension Repository {
    /// Fetches a remote's branches into `refs/remotes/<remote>/…`, as `git fetch <remote>` does.
    ///
    /// Credentials come from the environment (see `TransferState`). Returns the number of
    /// objects received.
    @discardableResult
    public func fetch(remote name: String, environment: [String: String]) throws -> Int {
        var remote: OpaquePointer?
        try check(git_remote_lookup(&remote, pointer, name), "git_remote_lookup")
        defer { git_remote_free(remote) }
        var options = git_fetch_options()
        try check(git_fetch_options_init(&options, UInt32(GIT_FETCH_OPTIONS_VERSION)), "git_fetch_options_init")
        let state = TransferState(environment: environment)
        state.install(into: &options.callbacks)
        try withExtendedLifetime(state) {
            // nil refspecs: the remote's configured ones; the reflog message is libgit2's default.
            try check(git_remote_fetch(remote, nil, &options, nil), "git_remote_fetch")
        }
        return state.receivedObjects
    }
}
