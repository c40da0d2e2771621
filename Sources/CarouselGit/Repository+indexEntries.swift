internal import Clibgit2

extension Repository {
    /// Every entry of git's index (`.git/index`) as path and mode, in the index's order, so
    /// `carousel doctor` can compare it with HEAD's tree and with the disk. A conflicted path
    /// comes once per stage.
    public func indexEntries() throws -> [TreeEntry] {
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "git_repository_index")
        defer { git_index_free(index) }
        try check(git_index_read(index, 0), "git_index_read")
        var result: [TreeEntry] = []
        for i in 0..<git_index_entrycount(index) {
            guard let entry = git_index_get_byindex(index, i)?.pointee, let path = entry.path else { continue }
            result.append(TreeEntry(path: String(cString: path), mode: entry.mode, id: ObjectID(entry.id)))
        }
        return result
    }
}
