import Foundation
internal import Clibgit2

extension Repository {
    /// The first checkout of a fresh clone: writes `target`'s tree into the empty work tree and
    /// index, flushes what it wrote (`flush`, real files and folders only), and only then makes
    /// `branch` point at `target` with HEAD on it, so a cut-short clone never has a branch whose
    /// files are missing.
    ///
    /// Refuses when HEAD already has a commit: this is for a repository with no history yet.
    public func checkOutFirst(branch: String, target: ObjectID) throws {
        guard try headID() == nil else {
            throw GitError(code: -1, function: "checkOutFirst", message: "this repository already has commits")
        }
        var oid = try target.gitOID()
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, pointer, &oid), "git_commit_lookup")
        defer { git_commit_free(commit) }
        // SAFE: a file already in the folder is never written over. With no HEAD yet, every
        // path of the tree is a changed one.
        try checkout(commit, paths: nil, force: false)
        try flush(try changedPaths(to: commit))

        var ref: OpaquePointer?
        try check(git_reference_create(&ref, pointer, "refs/heads/" + branch, &oid, 0, "clone: from \(branch)"), "git_reference_create")
        git_reference_free(ref)
        try check(git_repository_set_head(pointer, "refs/heads/" + branch), "git_repository_set_head")
    }
}
