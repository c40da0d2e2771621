import Foundation
internal import Clibgit2

extension Repository {
    /// Commits these work-tree-relative paths on top of HEAD; nil if the tree is unchanged.
    ///
    /// With a HEAD, the new tree is HEAD's tree with just these paths updated: one blob and the
    /// trees on its path are written, not the whole index's tree. The on-disk index is updated
    /// for the same paths, so `git status` agrees with the new HEAD. Both are done on bytes when
    /// the index is plain (`quickTree`), else through libgit2's index and
    /// `git_tree_create_updated`; the result is the same. On an unborn branch, and for a merge,
    /// the index is committed as a whole. A path whose file is gone is removed.
    /// With `mergeParent` the commit is a merge (HEAD first, then that commit) and is made even
    /// when the tree equals HEAD's, since the second parent is the point.
    /// `signature` is the author; `committer` defaults to it.
    public func commit(paths: [String], message: String, signature: Signature, committer: Signature? = nil,
                       mergeParent: ObjectID? = nil) throws -> ObjectID? {
        var parent: OpaquePointer?
        if var parentID = try headOID() {
            try check(git_commit_lookup(&parent, pointer, &parentID), "git_commit_lookup")
        }
        defer { git_commit_free(parent) }
        var second: OpaquePointer?
        if var secondID = try mergeParent?.gitOID() {
            try check(git_commit_lookup(&second, pointer, &secondID), "git_commit_lookup")
        }
        defer { git_commit_free(second) }
        var treeID = git_oid()
        lastCommitWasQuick = false
        if let parent, second == nil, allowsQuickCommit, let quick = try quickTree(paths: paths, base: parent) {
            treeID = quick
            lastCommitWasQuick = true
        } else if try indexTree(&treeID, paths: paths, parent: second == nil ? parent : nil), parent == nil, second == nil {
            return nil
        }
        if second != nil {
            // A merge commit is wanted even when nothing in the tree changed.
        } else if let parent, let parentTree = git_commit_tree_id(parent), git_oid_equal(parentTree, &treeID) != 0 {
            return nil
        }

        var tree: OpaquePointer?
        try check(git_tree_lookup(&tree, pointer, &treeID), "git_tree_lookup")
        defer { git_tree_free(tree) }

        // Tidy the message the way `git commit` does (trailing newline, no stray blank lines).
        var cleaned = git_buf()
        defer { git_buf_dispose(&cleaned) }
        try check(git_message_prettify(&cleaned, message, 0, CChar(UInt8(ascii: "#"))), "git_message_prettify")
        let finalMessage = cleaned.ptr.map { String(cString: $0) } ?? message

        var commitID = git_oid()
        var lastError = "no reason given"
        var parents: [OpaquePointer?] = (parent.map { [$0] } ?? []) + (second.map { [$0] } ?? [])
        try signature.withGitSignature { author in
            try (committer ?? signature).withGitSignature { committer in
                // No ref yet: the branch moves below, once the objects are on disk.
                try check(git_commit_create(&commitID, pointer, nil, author, committer, nil, finalMessage, tree,
                                            parents.count, &parents),
                          "git_commit_create")
                if let error = git_error_last(), let text = error.pointee.message { lastError = String(cString: text) }
            }
        }
        // libgit2 can report success for a commit whose object never reached a full disk: the
        // change counts as committed only when the commit object is there, and then HEAD names it.
        var written: OpaquePointer?
        let found = git_commit_lookup(&written, pointer, &commitID) == 0
        git_commit_free(written)
        guard found else {
            throw GitError(code: -1, function: "git_commit_create", message: "the commit was not written: \(lastError)")
        }
        // libgit2 fsyncs each object and its `objects/xx` folder, but not `objects/` itself, which
        // holds the name of a folder it has just made: without this a power cut can lose the folder
        // (and the objects in it) while the branch, fsynced, names them.
        try FileSync.folder((gitDirectory as NSString).appendingPathComponent("objects"))
        try moveHead(to: &commitID, from: parent.flatMap { git_commit_id($0)?.pointee }, message: finalMessage,
                     parents: parents.count)
        guard var head = try headOID(), git_oid_equal(&head, &commitID) != 0 else {
            throw GitError(code: -1, function: "git_commit_create", message: "the branch was not moved to the new commit: \(lastError)")
        }
        return ObjectID(commitID)
    }

    /// Moves the branch HEAD points to (creating it on an unborn branch) as `git commit` does,
    /// with the same reflog line ("commit: …", "commit (initial): …", "commit (merge): …").
    private func moveHead(to id: inout git_oid, from old: git_oid?, message: String, parents: Int) throws {
        var head: OpaquePointer?
        try check(git_reference_lookup(&head, pointer, "HEAD"), "git_reference_lookup")
        defer { git_reference_free(head) }
        let name = git_reference_type(head) == GIT_REFERENCE_SYMBOLIC ? String(cString: git_reference_symbolic_target(head)) : "HEAD"
        let summary = message.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let kind = parents == 0 ? "commit (initial)" : parents > 1 ? "commit (merge)" : "commit"
        var ref: OpaquePointer?
        if var old {
            try check(git_reference_create_matching(&ref, pointer, name, &id, 1, &old, kind + ": " + summary), "git_reference_create_matching")
        } else {
            try check(git_reference_create(&ref, pointer, name, &id, 1, kind + ": " + summary), "git_reference_create")
        }
        git_reference_free(ref)
    }

    /// Commits every change that `status()` reports.
    public func commitAll(message: String, signature: Signature) throws -> ObjectID? {
        // A trailing slash marks a nested repository, which cannot be staged as a file.
        let paths = try status().map(\.path).filter { !$0.hasSuffix("/") }
        return try commit(paths: paths, message: message, signature: signature)
    }

    /// The tree through libgit2's index: `paths` are added to (or removed from) the index, which
    /// is written whole; the tree is HEAD's with those paths updated (`parent`), else the whole
    /// index's. Returns whether the index is empty.
    private func indexTree(_ treeID: inout git_oid, paths: [String], parent: OpaquePointer?) throws -> Bool {
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "git_repository_index")
        defer { git_index_free(index) }
        // The git CLI may have rewritten the index since libgit2 cached it.
        try check(git_index_read(index, 0), "git_index_read")
        for path in paths {
            if existsInWorkTree(path) {
                try check(git_index_add_bypath(index, path), "git_index_add_bypath")
            } else {
                try check(git_index_remove_bypath(index, path), "git_index_remove_bypath")
            }
        }
        try check(git_index_write(index), "git_index_write")
        if let parent {
            try updatedTree(&treeID, base: parent, paths: paths, index: index)
        } else {
            try check(git_index_write_tree(&treeID, index), "git_index_write_tree")
        }
        return git_index_entrycount(index) == 0
    }

    /// HEAD's tree with `paths` set to their index entries (or removed).
    private func updatedTree(_ out: inout git_oid, base commit: OpaquePointer, paths: [String], index: OpaquePointer?) throws {
        var baseTree: OpaquePointer?
        try check(git_commit_tree(&baseTree, commit), "git_commit_tree")
        defer { git_tree_free(baseTree) }
        // C strings for the update list, freed after the call.
        let cPaths = paths.map { strdup($0) }
        defer { cPaths.forEach { free($0) } }
        var updates: [git_tree_update] = []
        for (i, path) in paths.enumerated() {
            var update = git_tree_update()
            update.path = UnsafePointer(cPaths[i])
            if let entry = git_index_get_bypath(index, path, 0) {
                update.action = GIT_TREE_UPDATE_UPSERT
                update.id = entry.pointee.id
                update.filemode = git_filemode_t(rawValue: entry.pointee.mode)
            } else {
                var existing: OpaquePointer?
                guard git_tree_entry_bypath(&existing, baseTree, path) == 0 else { continue }
                git_tree_entry_free(existing)
                update.action = GIT_TREE_UPDATE_REMOVE
            }
            updates.append(update)
        }
        try check(git_tree_create_updated(&out, pointer, baseTree, updates.count, &updates), "git_tree_create_updated")
        // libgit2 can answer with the old tree when writing a new one failed (a full disk):
        // the same tree is right only when every update was already so.
        guard let baseID = git_tree_id(baseTree), git_oid_equal(&out, baseID) != 0 else { return }
        for var update in updates {
            var existing: OpaquePointer?
            let found = git_tree_entry_bypath(&existing, baseTree, update.path) == 0
            defer { git_tree_entry_free(existing) }
            if update.action == GIT_TREE_UPDATE_UPSERT, found, let id = git_tree_entry_id(existing),
               git_oid_equal(id, &update.id) != 0 { continue }
            var reason = "no reason given"
            if let error = git_error_last(), let text = error.pointee.message { reason = String(cString: text) }
            throw GitError(code: -1, function: "git_tree_create_updated", message: "the new tree was not written: \(reason)")
        }
    }

    /// lstat-style check, so a dangling symlink still counts as present.
    private func existsInWorkTree(_ path: String) -> Bool {
        let full = (workdir as NSString).appendingPathComponent(path)
        return (try? FileManager.default.attributesOfItem(atPath: full)) != nil
    }
}
