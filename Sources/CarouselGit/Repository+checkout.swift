import Foundation
internal import Clibgit2
#if canImport(Glibc)
import Glibc
#endif

/// The checkout under `fastForward` and `restoreFromHead`, and the flush after it.
extension Repository {
    /// `git_checkout_tree` of a commit; with `paths`, only those (taken literally). `force`
    /// writes over whatever is at those paths; `removingUntracked` also removes an untracked
    /// file there that the commit lacks. A file at `paths` (or `touching`) with other hard links
    /// first gets a copy of its own, so the checkout never writes through a hard link.
    func checkout(_ commit: OpaquePointer?, paths: [String]?, touching: [String] = [], force: Bool, removingUntracked: Bool = false) throws {
        try FileSync.separateHardLinks(in: workdir, paths ?? touching)
        var options = git_checkout_options()
        try check(git_checkout_options_init(&options, UInt32(GIT_CHECKOUT_OPTIONS_VERSION)), "git_checkout_options_init")
        options.checkout_strategy = force ? GIT_CHECKOUT_FORCE.rawValue : GIT_CHECKOUT_SAFE.rawValue
        if removingUntracked { options.checkout_strategy |= GIT_CHECKOUT_REMOVE_UNTRACKED.rawValue }
        let cPaths = (paths ?? []).map { strdup($0) }
        defer { cPaths.forEach { free($0) } }
        var strings: [UnsafeMutablePointer<CChar>?] = cPaths
        try strings.withUnsafeMutableBufferPointer { buffer in
            if paths != nil {
                options.paths = git_strarray(strings: buffer.baseAddress, count: buffer.count)
                options.checkout_strategy |= GIT_CHECKOUT_DISABLE_PATHSPEC_MATCH.rawValue
            }
            try check(git_checkout_tree(pointer, commit, &options), "git_checkout_tree")
        }
    }

    /// libgit2 writes the work tree without fsync: flush the files the checkout changed and
    /// their folders before the branch moves, or a power cut could leave HEAD on the new
    /// commit with its cards missing or torn, which the next command would commit as edits.
    /// Only real files and folders are opened (see `FileSync.workTree`).
    func flush(_ changed: [String]) throws {
        var folders: Set<String> = []
        for path in changed {
            let full = (workdir as NSString).appendingPathComponent(path)
            try FileSync.workTree(full, kind: S_IFREG)
            var folder = (full as NSString).deletingLastPathComponent
            while folder.count >= workdir.count, folders.insert(folder).inserted { folder = (folder as NSString).deletingLastPathComponent }
        }
        for folder in folders.sorted(by: { $0.count > $1.count }) {
            try FileSync.workTree(folder, kind: S_IFDIR)
        }
    }
}
