internal import Clibgit2

/// One commit as shown in a history listing.
public struct CommitInfo: Sendable {
    public let id: ObjectID
    /// First paragraph of the message, joined onto one line.
    public let summary: String
    public let message: String
    public let authorName: String
    public let authorEmail: String
    /// Committer time, seconds since the epoch.
    public let time: Int64
    public let parents: [ObjectID]
}

extension Repository {
    /// History from HEAD, newest first (by commit time, children before parents), at most `limit` commits; empty on an unborn branch.
    public func log(limit: Int) throws -> [CommitInfo] {
        guard limit > 0, try headOID() != nil else { return [] }
        var walk: OpaquePointer?
        try check(git_revwalk_new(&walk, pointer), "git_revwalk_new")
        defer { git_revwalk_free(walk) }
        // TIME alone puts same-second commits in arbitrary order, even parents before
        // children; TOPOLOGICAL on top gives `git log --date-order`.
        try check(git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_TIME.rawValue),
                  "git_revwalk_sorting")
        try check(git_revwalk_push_head(walk), "git_revwalk_push_head")

        var commits: [CommitInfo] = []
        var oid = git_oid()
        while commits.count < limit {
            let result = git_revwalk_next(&oid, walk)
            if result == GIT_ITEROVER.rawValue { break }
            try check(result, "git_revwalk_next")
            commits.append(try commitInfo(oid))
        }
        return commits
    }

    func commitInfo(_ id: git_oid) throws -> CommitInfo {
        var oid = id
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, pointer, &oid), "git_commit_lookup")
        defer { git_commit_free(commit) }
        let author = git_commit_author(commit)?.pointee
        let parents = (0..<git_commit_parentcount(commit)).compactMap { n in
            git_commit_parent_id(commit, n).map { ObjectID($0.pointee) }
        }
        return CommitInfo(
            id: ObjectID(id),
            summary: git_commit_summary(commit).map { String(cString: $0) } ?? "",
            message: git_commit_message(commit).map { String(cString: $0) } ?? "",
            authorName: author?.name.map { String(cString: $0) } ?? "",
            authorEmail: author?.email.map { String(cString: $0) } ?? "",
            time: Int64(git_commit_time(commit)),
            parents: parents
        )
    }
}
