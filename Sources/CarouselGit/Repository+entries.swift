internal import Clibgit2

/// One entry of a commit's tree, as another device committed it.
public struct TreeEntry: Sendable, Equatable {
    /// `/`-separated path from the tree's root, exactly as stored (not checked or normalised).
    public let path: String
    /// The git file mode: 0o100644 or 0o100755 (file), 0o120000 (symbolic link), 0o040000
    /// (folder), 0o160000 (submodule).
    public let mode: UInt32
    public let id: ObjectID

    public init(path: String, mode: UInt32, id: ObjectID) {
        self.path = path
        self.mode = mode
        self.id = id
    }

    public static let linkMode: UInt32 = 0o120000
    public static let treeMode: UInt32 = 0o040000
    public static let gitlinkMode: UInt32 = 0o160000
    public var isLink: Bool { mode == TreeEntry.linkMode }
}

extension Repository {
    /// Every entry of a commit's tree (folders too, each before what it holds), with its mode,
    /// so a caller can judge names and links before anything is checked out. Folders `maxDepth`
    /// levels down are listed but not opened, so a tree thousands of levels deep costs what
    /// its first `maxDepth` levels cost.
    public func entries(at commit: ObjectID, maxDepth: Int = .max) throws -> [TreeEntry] {
        var oid = try commit.gitOID()
        var object: OpaquePointer?
        try check(git_commit_lookup(&object, pointer, &oid), "git_commit_lookup")
        defer { git_commit_free(object) }
        var tree: OpaquePointer?
        try check(git_commit_tree(&tree, object), "git_commit_tree")
        defer { git_tree_free(tree) }
        var result: [TreeEntry] = []
        try entries(inTree: tree, prefix: "", depth: 1, maxDepth: maxDepth, into: &result)
        return result
    }

    private func entries(inTree tree: OpaquePointer?, prefix: String, depth: Int, maxDepth: Int, into result: inout [TreeEntry]) throws {
        for i in 0..<git_tree_entrycount(tree) {
            guard let entry = git_tree_entry_byindex(tree, i), let rawName = git_tree_entry_name(entry),
                  let id = git_tree_entry_id(entry) else { continue }
            let path = prefix + String(cString: rawName)
            let mode = git_tree_entry_filemode_raw(entry).rawValue
            result.append(TreeEntry(path: path, mode: mode, id: ObjectID(id.pointee)))
            if git_tree_entry_type(entry) == GIT_OBJECT_TREE, depth < maxDepth {
                var subtree: OpaquePointer?
                try check(git_tree_lookup(&subtree, pointer, id), "git_tree_lookup")
                defer { git_tree_free(subtree) }
                try entries(inTree: subtree, prefix: path + "/", depth: depth + 1, maxDepth: maxDepth, into: &result)
            }
        }
    }
}
