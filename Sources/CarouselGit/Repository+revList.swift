internal import Clibgit2

extension Repository {
    /// The ids of the commits reachable from `tip` but not from `hidden`, newest first
    /// (`git rev-list --topo-order -n limit hidden..tip`): ids only, no commit is read whole,
    /// so a history of many commits, or of one huge message, costs little.
    public func commitIDs(from tip: ObjectID, hiding hidden: ObjectID?, limit: Int) throws -> [ObjectID] {
        guard limit > 0 else { return [] }
        var walk: OpaquePointer?
        try check(git_revwalk_new(&walk, pointer), "git_revwalk_new")
        defer { git_revwalk_free(walk) }
        try check(git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_TIME.rawValue), "git_revwalk_sorting")
        var tipOID = try tip.gitOID()
        try check(git_revwalk_push(walk, &tipOID), "git_revwalk_push")
        if var hiddenOID = try hidden?.gitOID() {
            try check(git_revwalk_hide(walk, &hiddenOID), "git_revwalk_hide")
        }
        var result: [ObjectID] = []
        var oid = git_oid()
        while result.count < limit {
            let next = git_revwalk_next(&oid, walk)
            if next == GIT_ITEROVER.rawValue { break }
            try check(next, "git_revwalk_next")
            result.append(ObjectID(oid))
        }
        return result
    }
}
