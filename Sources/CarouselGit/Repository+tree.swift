internal import Clibgit2

extension Repository {
    /// Every file in a commit's tree, by `/`-separated path, with its blob id. Submodules are skipped.
    public func files(at commit: ObjectID) throws -> [String: ObjectID] {
        var oid = try commit.gitOID()
        var object: OpaquePointer?
        try check(git_commit_lookup(&object, pointer, &oid), "git_commit_lookup")
        defer { git_commit_free(object) }
        var tree: OpaquePointer?
        try check(git_commit_tree(&tree, object), "git_commit_tree")
        defer { git_tree_free(tree) }
        return try files(inTree: tree, prefix: "")
    }

    private func files(inTree tree: OpaquePointer?, prefix: String) throws -> [String: ObjectID] {
        var result: [String: ObjectID] = [:]
        for i in 0..<git_tree_entrycount(tree) {
            guard let entry = git_tree_entry_byindex(tree, i), let rawName = git_tree_entry_name(entry),
                  let id = git_tree_entry_id(entry) else { continue }
            let path = prefix + String(cString: rawName)
            switch git_tree_entry_type(entry) {
            case GIT_OBJECT_BLOB:
                result[path] = ObjectID(id.pointee)
            case GIT_OBJECT_TREE:
                var subtree: OpaquePointer?
                try check(git_tree_lookup(&subtree, pointer, id), "git_tree_lookup")
                defer { git_tree_free(subtree) }
                result.merge(try files(inTree: subtree, prefix: path + "/")) { $1 }
            default:
                continue
            }
        }
        return result
    }

    /// A blob's bytes.
    public func blob(_ id: ObjectID) throws -> [UInt8] {
        var oid = try id.gitOID()
        var blob: OpaquePointer?
        try check(git_blob_lookup(&blob, pointer, &oid), "git_blob_lookup")
        defer { git_blob_free(blob) }
        let size = Int(git_blob_rawsize(blob))
        guard size > 0, let content = git_blob_rawcontent(blob) else { return [] }
        return Array(UnsafeRawBufferPointer(start: content, count: size))
    }

    /// A file's bytes at a commit; nil when the commit has no such file.
    public func file(at commit: ObjectID, path: String) throws -> [UInt8]? {
        guard let id = try files(at: commit)[path] else { return nil }
        return try blob(id)
    }
}
