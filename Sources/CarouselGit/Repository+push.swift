internal import Clibgit2

/// How a push ended, when the transport itself worked.
public enum PushOutcome: Sendable, Equatable {
    case pushed
    /// The remote has commits this one lacks ("fetch first" / non-fast-forward).
    case remoteMoved
    /// The server refused the update for another reason (a hook, protection), with its words.
    case refused(String)
}

extension Repository {
    /// Pushes `refs/heads/<branch>` to the same branch on the remote.
    ///
    /// libgit2 reports a server's refusal only through the per-reference callback, so that is
    /// read too; a non-fast-forward is detected either way.
    public func push(remote name: String, branch: String, environment: [String: String]) throws -> PushOutcome {
        var remote: OpaquePointer?
        try check(git_remote_lookup(&remote, pointer, name), "git_remote_lookup")
        defer { git_remote_free(remote) }
        var options = git_push_options()
        try check(git_push_options_init(&options, UInt32(GIT_PUSH_OPTIONS_VERSION)), "git_push_options_init")
        let state = TransferState(environment: environment)
        state.install(into: &options.callbacks)
        let refspec = "refs/heads/\(branch):refs/heads/\(branch)"
        let result: Int32 = refspec.withCString { spec in
            var specs: [UnsafeMutablePointer<CChar>?] = [UnsafeMutablePointer(mutating: spec)]
            return specs.withUnsafeMutableBufferPointer { buffer in
                var array = git_strarray(strings: buffer.baseAddress, count: 1)
                return withExtendedLifetime(state) { git_remote_push(remote, &array, &options) }
            }
        }
        if result == GIT_ENONFASTFORWARD.rawValue { return .remoteMoved }
        try check(result, "git_remote_push")
        if let rejection = state.rejections.first {
            let status = rejection.status.lowercased()
            // "failed to update ref" / "cannot lock ref": another push landed between our fetch and the update.
            let moved = ["fast-forward", "fetch first", "stale", "failed to update ref", "cannot lock ref"]
            if moved.contains(where: status.contains) {
                return .remoteMoved
            }
            return .refused("\(rejection.reference): \(rejection.status)")
        }
        return .pushed
    }
}
