import Foundation
internal import Clibgit2

extension Repository {
    /// Sets the index entries of these paths back to HEAD's (`git reset -- PATHS`), leaving the
    /// work tree alone: used to take back a change whose commit could not be made.
    public func resetIndex(paths: [String]) throws {
        guard !paths.isEmpty, var headID = try headID()?.gitOID() else { return }
        var head: OpaquePointer?
        try check(git_object_lookup(&head, pointer, &headID, GIT_OBJECT_COMMIT), "git_object_lookup")
        defer { git_object_free(head) }
        let cPaths = paths.map { strdup($0) }
        defer { cPaths.forEach { free($0) } }
        var strings: [UnsafeMutablePointer<CChar>?] = cPaths
        try strings.withUnsafeMutableBufferPointer { buffer in
            var array = git_strarray(strings: buffer.baseAddress, count: buffer.count)
            try check(git_reset_default(pointer, head, &array), "git_reset_default")
        }
    }

    /// Puts these paths back as HEAD has them, index entries and files (`git restore
    /// --source=HEAD --staged --worktree -- PATHS`): whatever is there is written over, and a
    /// path HEAD lacks is removed. Used to take back a checkout or merge cut short.
    public func restoreFromHead(paths: [String]) throws {
        guard !paths.isEmpty, var headID = try headOID() else { return }
        var head: OpaquePointer?
        try check(git_commit_lookup(&head, pointer, &headID), "git_commit_lookup")
        defer { git_commit_free(head) }
        try checkout(head, paths: paths, force: true, removingUntracked: true)
        try flush(paths)
    }
}
