internal import Clibgit2

extension Repository {
    /// The short name of the branch HEAD points to (also when it has no commits yet); nil when detached.
    public func currentBranch() throws -> String? {
        guard git_repository_head_detached(pointer) != 1 else { return nil }
        var head: OpaquePointer?
        try check(git_reference_lookup(&head, pointer, "HEAD"), "git_reference_lookup")
        defer { git_reference_free(head) }
        guard let target = git_reference_symbolic_target(head) else { return nil }
        let name = String(cString: target)
        return name.hasPrefix("refs/heads/") ? String(name.dropFirst("refs/heads/".count)) : nil
    }

    /// The commit a reference (full name, e.g. `refs/remotes/origin/main`) points to; nil if absent.
    public func referenceTarget(_ name: String) throws -> ObjectID? {
        var oid = git_oid()
        let result = git_reference_name_to_id(&oid, pointer, name)
        if result == GIT_ENOTFOUND.rawValue { return nil }
        try check(result, "git_reference_name_to_id")
        return ObjectID(oid)
    }

    /// Whether a merge, rebase, cherry-pick or similar is half done (`git status` would say so).
    public var hasOperationInProgress: Bool {
        git_repository_state(pointer) != Int32(GIT_REPOSITORY_STATE_NONE.rawValue)
    }
}
