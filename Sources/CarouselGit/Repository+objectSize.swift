internal import Clibgit2

extension Repository {
    /// The size in bytes of an object, read from its header only: a large blob is judged
    /// without being inflated into memory.
    public func objectSize(_ id: ObjectID) throws -> Int {
        var oid = try id.gitOID()
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, pointer), "git_repository_odb")
        defer { git_odb_free(odb) }
        var size = 0
        var type = GIT_OBJECT_ANY
        try check(git_odb_read_header(&size, &type, odb, &oid), "git_odb_read_header")
        return size
    }
}
