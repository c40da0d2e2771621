internal import Clibgit2

extension Repository {
    /// The best common ancestor of two commits; nil when their histories are unrelated.
    public func mergeBase(_ a: ObjectID, _ b: ObjectID) throws -> ObjectID? {
        var one = try a.gitOID(), two = try b.gitOID()
        var base = git_oid()
        let result = git_merge_base(&base, pointer, &one, &two)
        if result == GIT_ENOTFOUND.rawValue { return nil }
        try check(result, "git_merge_base")
        return ObjectID(base)
    }

    /// Whether `commit` has `ancestor` in its history (a commit is not its own descendant).
    public func isDescendant(_ commit: ObjectID, of ancestor: ObjectID) throws -> Bool {
        var c = try commit.gitOID(), a = try ancestor.gitOID()
        let result = git_graph_descendant_of(pointer, &c, &a)
        try check(result, "git_graph_descendant_of")
        return result == 1
    }

    /// Commits reachable from `tip` but not from `hidden`, newest first (`git log hidden..tip`).
    public func commits(from tip: ObjectID, hiding hidden: ObjectID?) throws -> [CommitInfo] {
        var walk: OpaquePointer?
        try check(git_revwalk_new(&walk, pointer), "git_revwalk_new")
        defer { git_revwalk_free(walk) }
        try check(git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_TIME.rawValue), "git_revwalk_sorting")
        var tipOID = try tip.gitOID()
        try check(git_revwalk_push(walk, &tipOID), "git_revwalk_push")
        if var hiddenOID = try hidden?.gitOID() {
            try check(git_revwalk_hide(walk, &hiddenOID), "git_revwalk_hide")
        }
        var result: [CommitInfo] = []
        var oid = git_oid()
        while true {
            let next = git_revwalk_next(&oid, walk)
            if next == GIT_ITEROVER.rawValue { break }
            try check(next, "git_revwalk_next")
            result.append(try commitInfo(oid))
        }
        return result
    }

    /// One commit's details.
    public func commit(_ id: ObjectID) throws -> CommitInfo {
        try commitInfo(try id.gitOID())
    }
}
