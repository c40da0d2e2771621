internal import Clibgit2

extension Repository {
    /// Whether git's index records exactly HEAD's tree (nothing staged, no conflict), whatever
    /// stat data it holds: `git status` rewrites the index with fresh stat data and nothing else.
    /// Compares the index with HEAD's tree only, never the work tree. False on an unborn branch.
    public func indexMatchesHead() throws -> Bool {
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
