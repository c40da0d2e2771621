import Foundation
internal import Clibgit2

extension Repository {
    /// Moves the current branch forward to `target` and updates the index and work tree to match.
    ///
    /// The checkout is "safe": a file with uncommitted changes stops it before the branch moves.
    /// It is all or nothing: when the checkout, the flush or the branch's move fails after
    /// files were written, the changed paths' index entries and files are put back as HEAD has
    /// them before the error is thrown, so the work tree, the index and HEAD still agree.
    ///
    /// `finishing` completes a fast-forward cut short (by a kill or a power cut) before the
    /// branch moved: the files it changes are written over whatever half of them is there, and
    /// no other file is touched.
    public func fastForward(to target: ObjectID, finishing: Bool = false) throws {
        var oid = try target.gitOID()
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, pointer, &oid), "git_commit_lookup")
        defer { git_commit_free(commit) }
        let changed = try changedPaths(to: commit)
        do {
            try checkout(commit, paths: finishing ? changed : nil, touching: changed, force: finishing)
        } catch let error as GitError where error.code == GIT_ECONFLICT.rawValue {
            throw error  // refused before writing anything: a file here has uncommitted changes
        } catch {
            try? restoreFromHead(paths: changed)
            throw error
        }
        do {
            try flush(changed)
            var head: OpaquePointer?
            try check(git_repository_head(&head, pointer), "git_repository_head")
            defer { git_reference_free(head) }
            var moved: OpaquePointer?
            try check(git_reference_set_target(&moved, head, &oid, "sync: fast-forward"), "git_reference_set_target")
            git_reference_free(moved)
        } catch {
            try? restoreFromHead(paths: changed)
            throw error
        }
    }

    /// Takes back a fast-forward to `target` that did not move the branch: the paths it changes
    /// get HEAD's index entries and files again (those only `target` has are removed).
    public func abandonFastForward(to target: ObjectID) throws {
        var oid = try target.gitOID()
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, pointer, &oid), "git_commit_lookup")
        defer { git_commit_free(commit) }
        try restoreFromHead(paths: try changedPaths(to: commit))
    }

    /// Work-tree paths that differ between HEAD's tree and `commit`'s.
    func changedPaths(to commit: OpaquePointer?) throws -> [String] {
        var newTree: OpaquePointer?
        try check(git_commit_tree(&newTree, commit), "git_commit_tree")
        defer { git_tree_free(newTree) }
        var oldTree: OpaquePointer?
        if var headID = try headOID() {
            var head: OpaquePointer?
            try check(git_commit_lookup(&head, pointer, &headID), "git_commit_lookup")
            defer { git_commit_free(head) }
            try check(git_commit_tree(&oldTree, head), "git_commit_tree")
        }
        defer { git_tree_free(oldTree) }
        var diff: OpaquePointer?
        try check(git_diff_tree_to_tree(&diff, pointer, oldTree, newTree, nil), "git_diff_tree_to_tree")
        defer { git_diff_free(diff) }
        return (0..<git_diff_num_deltas(diff)).compactMap { i in
            guard let delta = git_diff_get_delta(diff, i)?.pointee else { return nil }
            return (delta.new_file.path ?? delta.old_file.path).map { String(cString: $0) }
        }
    }
}
