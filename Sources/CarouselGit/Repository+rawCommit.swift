internal import Clibgit2

/// A commit as its object's bytes say, read without libgit2's commit parser: git accepts and
/// clones commits that parser refuses ("failed to parse signature": no author line, a broken
/// date), and every libgit2 call that meets one fails.
public struct RawCommit: Sendable, Equatable {
    public let id: ObjectID
    public let parents: [ObjectID]
    /// The `author` and `committer` lines after their keyword, as written; nil when missing.
    public let author: String?
    public let committer: String?
    /// The message's first line, at most 200 characters.
    public let summary: String
    /// Whether libgit2 reads the commit.
    public let readable: Bool
}

extension Repository {
    /// The commit `id` read from its object. Only the header and the first line of the message
    /// are decoded, so a huge message costs no more than its first line.
    public func rawCommit(_ id: ObjectID) throws -> RawCommit {
        var oid = try id.gitOID()
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, pointer), "git_repository_odb")
        defer { git_odb_free(odb) }
        var object: OpaquePointer?
        try check(git_odb_read(&object, odb, &oid), "git_odb_read")
        defer { git_odb_object_free(object) }
        let size = git_odb_object_size(object)
        guard git_odb_object_type(object) == GIT_OBJECT_COMMIT, let data = git_odb_object_data(object) else {
            throw GitError(code: -1, function: "git_odb_read", message: "\(id.hex) is not a commit")
        }
        let bytes = UnsafeRawBufferPointer(start: data, count: size)
        var parents: [ObjectID] = [], author: String?, committer: String?, summary = ""
        var start = 0, inHeader = true
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let line = String(decoding: bytes[start..<min(end, start + 4096)], as: UTF8.self)
            if inHeader {
                if line.isEmpty {
                    inHeader = false
                } else if line.hasPrefix("parent "), let parent = ObjectID(hex: String(line.dropFirst(7).prefix(40))) {
                    parents.append(parent)
                } else if line.hasPrefix("author "), author == nil {
                    author = String(line.dropFirst(7).prefix(400))
                } else if line.hasPrefix("committer "), committer == nil {
                    committer = String(line.dropFirst(10).prefix(400))
                }
            } else if !line.isEmpty {
                summary = String(line.prefix(200))
                break
            }
            start = end + 1
        }
        var commit: OpaquePointer?
        let readable = git_commit_lookup(&commit, pointer, &oid) == 0
        git_commit_free(commit)
        return RawCommit(id: id, parents: parents, author: author, committer: committer, summary: summary, readable: readable)
    }

    /// The commits reachable from `tip`, not beyond any id in `known`, that libgit2 cannot read:
    /// at most `limit` commits are looked at, newest first by parents.
    public func unreadableCommits(from tip: ObjectID, known: Set<ObjectID>, limit: Int) throws -> [RawCommit] {
        var queue = [tip], seen: Set<ObjectID> = [tip], result: [RawCommit] = []
        var next = 0
        while next < queue.count, next < limit {
            let commit = try rawCommit(queue[next])
            next += 1
            if !commit.readable { result.append(commit) }
            for parent in commit.parents where !known.contains(parent) && seen.insert(parent).inserted { queue.append(parent) }
        }
        return result
    }
}
