internal import Clibgit2

/// A file git's own merge left conflicted: the blob ids of its index stages (1 base, 2 ours, 3 theirs).
public struct ConflictedFile: Sendable {
    public let path: String
    public let base: ObjectID?
    public let ours: ObjectID?
    public let theirs: ObjectID?
}

extension Repository {
    /// The files with conflict stages in the index, as a stopped `git merge` leaves them.
    public func conflictedFiles() throws -> [ConflictedFile] {
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "git_repository_index")
        defer { git_index_free(index) }
        try check(git_index_read(index, 0), "git_index_read")
        guard git_index_has_conflicts(index) == 1 else { return [] }
        var iterator: OpaquePointer?
        try check(git_index_conflict_iterator_new(&iterator, index), "git_index_conflict_iterator_new")
        defer { git_index_conflict_iterator_free(iterator) }
        var result: [ConflictedFile] = []
        while true {
            var base: UnsafePointer<git_index_entry>?, ours: UnsafePointer<git_index_entry>?, theirs: UnsafePointer<git_index_entry>?
            let next = git_index_conflict_next(&base, &ours, &theirs, iterator)
            if next == GIT_ITEROVER.rawValue { break }
            try check(next, "git_index_conflict_next")
            guard let raw = (ours ?? theirs ?? base)?.pointee.path else { continue }
            result.append(ConflictedFile(path: String(cString: raw), base: base.map { ObjectID($0.pointee.id) },
                                         ours: ours.map { ObjectID($0.pointee.id) }, theirs: theirs.map { ObjectID($0.pointee.id) }))
        }
        return result
    }

    /// The commit being merged by a stopped `git merge` (its MERGE_HEAD); nil when none.
    public func mergeHead() throws -> ObjectID? {
        try referenceTarget("MERGE_HEAD")
    }

    /// Forgets a finished merge's state files (MERGE_HEAD, MERGE_MSG…), as `git commit` does.
    public func cleanupOperationState() throws {
        try check(git_repository_state_cleanup(pointer), "git_repository_state_cleanup")
    }
}
