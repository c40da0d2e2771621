internal import Clibgit2

extension Repository {
    /// Whether git's index records exactly HEAD's tree (nothing staged, no conflict), whatever
    /// stat data it holds: `git status` rewrites the index with fresh stat data and nothing else.
    /// Compares the index with HEAD's tree only, never the work tree. False on an unborn branch.
    ///
    /// A plain index whose cache tree has a valid root naming HEAD's tree matches it (git keeps
    /// that entry valid only while the entries make that tree; `git commit` trusts it the same
    /// way), which needs no tree read. Otherwise the index is compared with the tree.
    public func indexMatchesHead() throws -> Bool {
        if let file = GitIndexFile.read(gitDirectory + "/index", finding: []), let root = file.cacheTree,
           root.entries >= 0, let rootID = root.id, let head = try headOID() {
            var commit: OpaquePointer?
            var id = head
            try check(git_commit_lookup(&commit, pointer, &id), "git_commit_lookup")
            defer { git_commit_free(commit) }
            if let tree = git_commit_tree_id(commit), Self.bytes(tree.pointee) == rootID { return true }
        }
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "git_repository_index")
        defer { git_index_free(index) }
        try check(git_index_read(index, 0), "git_index_read")
        if git_index_has_conflicts(index) != 0 { return false }
        return try withHeadTree { tree in
            var diff: OpaquePointer?
            try check(git_diff_tree_to_index(&diff, pointer, tree, index, nil), "git_diff_tree_to_index")
            defer { git_diff_free(diff) }
            return git_diff_num_deltas(diff) == 0
        } ?? false
    }
}
