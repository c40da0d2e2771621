import Foundation
internal import Clibgit2

extension Repository {
    /// Rebuilds the git index from HEAD when it cannot be read (torn or zeroed by a power cut:
    /// git and libgit2 write it without fsync, and a damaged index stops every git command).
    /// The index holds nothing Carousel needs: every change is committed, and editor edits live
    /// in the work tree, which is left alone. Returns whether it was rebuilt.
    public func repairIndexIfUnreadable() throws -> Bool {
        var index: OpaquePointer?
        if git_repository_index(&index, pointer) == 0 {
            defer { git_index_free(index) }
            if git_index_read(index, 1) == 0 { return false }
        }
        let path = (gitDirectory as NSString).appendingPathComponent("index")
        guard unlink(path) == 0 || errno == ENOENT else {
            throw GitError(code: -1, function: "unlink", message: "cannot remove the damaged \(path): \(String(cString: strerror(errno)))")
        }
        var fresh: OpaquePointer?
        try check(git_repository_index(&fresh, pointer), "git_repository_index")
        defer { git_index_free(fresh) }
        try check(git_index_read(fresh, 1), "git_index_read")
        try withHeadTree { tree in try check(git_index_read_tree(fresh, tree), "git_index_read_tree") }
        try check(git_index_write(fresh), "git_index_write")
        return true
    }
}
