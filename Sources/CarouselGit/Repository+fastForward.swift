internal import Clibgit2

extension Repository {
    /// Moves the current branch forward to `target` and updates the index and work tree to match.
    ///
    /// The checkout is "safe": a file with uncommitted changes stops it before the branch moves.
    public func fastForward(to target: ObjectID) throws {
        var oid = try target.gitOID()
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, pointer, &oid), "git_commit_lookup")
        defer { git_commit_free(commit) }
        var options = git_checkout_options()
        try check(git_checkout_options_init(&options, UInt32(GIT_CHECKOUT_OPTIONS_VERSION)), "git_checkout_options_init")
        options.checkout_strategy = GIT_CHECKOUT_SAFE.rawValue
        try check(git_checkout_tree(pointer, commit, &options), "git_checkout_tree")

        var head: OpaquePointer?
        try check(git_repository_head(&head, pointer), "git_repository_head")
        defer { git_reference_free(head) }
        var moved: OpaquePointer?
        try check(git_reference_set_target(&moved, head, &oid, "sync: fast-forward"), "git_reference_set_target")
        git_reference_free(moved)
    }
}
