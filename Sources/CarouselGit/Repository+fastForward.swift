import Foundation
internal import Clibgit2

extension Repository {
    /// Moves the current branch forward to `target` and updates the index and work tree to match.
    ///
    /// The checkout is "safe": a file with uncommitted changes stops it before the branch moves.
    ///
    /// `finishing` completes a fast-forward cut short (by a kill or a power cut) before the
    /// branch moved: the files it changes are written over whatever half of them is there, and
    /// no other file is touched.
    public func fastForward(to target: ObjectID, finishing: Bool = false) throws {
        var oid = try target.gitOID()
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, pointer, &oid), "git_commit_lookup")
        defer { git_commit_free(commit) }
        var options = git_checkout_options()
        try check(git_checkout_options_init(&options, UInt32(GIT_CHECKOUT_OPTIONS_VERSION)), "git_checkout_options_init")
        options.checkout_strategy = finishing ? GIT_CHECKOUT_FORCE.rawValue : GIT_CHECKOUT_SAFE.rawValue
        let changed = try changedPaths(to: commit)
        let cPaths = changed.map { strdup($0) }
        defer { cPaths.forEach { free($0) } }
        var strings: [UnsafeMutablePointer<CChar>?] = cPaths
        try strings.withUnsafeMutableBufferPointer { buffer in
            if finishing {
                options.paths = git_strarray(strings: buffer.baseAddress, count: buffer.count)
                options.checkout_strategy |= GIT_CHECKOUT_DISABLE_PATHSPEC_MATCH.rawValue
            }
            try check(git_checkout_tree(pointer, commit, &options), "git_checkout_tree")
        }
        // libgit2 writes the work tree without fsync: flush the files the checkout changed and
        // their folders before the branch moves, or a power cut could leave HEAD on the new
        // commit with its cards missing or torn, which the next command would commit as edits.
        var folders: Set<String> = []
        for path in changed {
            let full = (workdir as NSString).appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: full) { try FileSync.file(full) }
            var folder = (full as NSString).deletingLastPathComponent
            while folder.count >= workdir.count, folders.insert(folder).inserted { folder = (folder as NSString).deletingLastPathComponent }
        }
        for folder in folders.sorted(by: { $0.count > $1.count }) where FileManager.default.fileExists(atPath: folder) {
            try FileSync.folder(folder)
        }

        var head: OpaquePointer?
        try check(git_repository_head(&head, pointer), "git_repository_head")
        defer { git_reference_free(head) }
        var moved: OpaquePointer?
        try check(git_reference_set_target(&moved, head, &oid, "sync: fast-forward"), "git_reference_set_target")
        git_reference_free(moved)
    }

    /// Work-tree paths that differ between HEAD's tree and `commit`'s.
    private func changedPaths(to commit: OpaquePointer?) throws -> [String] {
        var newTree: OpaquePointer?
        try check(git_commit_tree(&newTree, commit), "git_commit_tree")
        defer { git_tree_free(newTree) }
        var oldTree: OpaquePointer?
        if var headID = try headOID() {
            var head: OpaquePointer?
            try check(git_commit_lookup(&head, pointer, &headID), "git_commit_lookup")
            defer { git_commit_free(head) }
            try check(git_commit_tree(&oldTree, head), "git_commit_tree")
        }
        defer { git_tree_free(oldTree) }
        var diff: OpaquePointer?
        try check(git_diff_tree_to_tree(&diff, pointer, oldTree, newTree, nil), "git_diff_tree_to_tree")
        defer { git_diff_free(diff) }
        return (0..<git_diff_num_deltas(diff)).compactMap { i in
            guard let delta = git_diff_get_delta(diff, i)?.pointee else { return nil }
            return (delta.new_file.path ?? delta.old_file.path).map { String(cString: $0) }
        }
    }
}
