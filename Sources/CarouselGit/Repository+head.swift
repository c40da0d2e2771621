internal import Clibgit2

extension Repository {
    /// The current HEAD commit id, nil on an unborn branch.
    public func headID() throws -> ObjectID? {
        try headOID().map(ObjectID.init)
    }

    /// HEAD peeled to a commit; nil when the branch has no commits yet.
    func headOID() throws -> git_oid? {
        var reference: OpaquePointer?
        let result = git_repository_head(&reference, pointer)
        if result == GIT_EUNBORNBRANCH.rawValue || result == GIT_ENOTFOUND.rawValue { return nil }
        try check(result, "git_repository_head")
        defer { git_reference_free(reference) }
        var object: OpaquePointer?
        try check(git_reference_peel(&object, reference, GIT_OBJECT_COMMIT), "git_reference_peel")
        defer { git_object_free(object) }
        guard let id = git_object_id(object) else { return nil }
        return id.pointee
    }

    /// The content of a file at HEAD, byte for byte; nil if absent or the branch is unborn.
    public func headBlob(path: String) throws -> [UInt8]? {
        try withHeadTree { tree in try blob(path: path, in: tree) } ?? nil
    }

    /// Runs `body` with HEAD's tree (freed afterwards); nil on an unborn branch.
    func withHeadTree<T>(_ body: (OpaquePointer?) throws -> T) throws -> T? {
        guard var commitID = try headOID() else { return nil }
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, pointer, &commitID), "git_commit_lookup")
        defer { git_commit_free(commit) }
        var tree: OpaquePointer?
        try check(git_commit_tree(&tree, commit), "git_commit_tree")
        defer { git_tree_free(tree) }
        return try body(tree)
    }

    private func blob(path: String, in tree: OpaquePointer?) throws -> [UInt8]? {
        var entry: OpaquePointer?
        let result = git_tree_entry_bypath(&entry, tree, path)
        if result == GIT_ENOTFOUND.rawValue { return nil }
        try check(result, "git_tree_entry_bypath")
        defer { git_tree_entry_free(entry) }
        guard git_tree_entry_type(entry) == GIT_OBJECT_BLOB, let blobID = git_tree_entry_id(entry) else { return nil }

        var blob: OpaquePointer?
        try check(git_blob_lookup(&blob, pointer, blobID), "git_blob_lookup")
        defer { git_blob_free(blob) }
        let size = Int(git_blob_rawsize(blob))
        guard size > 0, let content = git_blob_rawcontent(blob) else { return [] }
        return Array(UnsafeRawBufferPointer(start: content, count: size))
    }
}
