import Foundation
internal import Clibgit2
#if canImport(Glibc)
import Glibc
#endif

extension Repository {
    /// The first checkout of a fresh clone: writes `target`'s tree into the empty work tree and
    /// index, flushes what it wrote, and only then makes `branch` point at `target` with HEAD on
    /// it, so a cut-short clone never has a branch whose files are missing.
    ///
    /// Refuses when HEAD already has a commit: this is for a repository with no history yet.
    public func checkOutFirst(branch: String, target: ObjectID) throws {
        guard try headID() == nil else {
            throw GitError(code: -1, function: "checkOutFirst", message: "this repository already has commits")
        }
        var oid = try target.gitOID()
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, pointer, &oid), "git_commit_lookup")
        defer { git_commit_free(commit) }
        var options = git_checkout_options()
        try check(git_checkout_options_init(&options, UInt32(GIT_CHECKOUT_OPTIONS_VERSION)), "git_checkout_options_init")
        // SAFE: a file already in the folder is never written over.
        options.checkout_strategy = GIT_CHECKOUT_SAFE.rawValue
        try check(git_checkout_tree(pointer, commit, &options), "git_checkout_tree")
        try flushWorkTree()

        var ref: OpaquePointer?
        try check(git_reference_create(&ref, pointer, "refs/heads/" + branch, &oid, 0, "clone: from \(branch)"), "git_reference_create")
        git_reference_free(ref)
        try check(git_repository_set_head(pointer, "refs/heads/" + branch), "git_repository_set_head")
    }

    /// fsync of every regular file and folder of the work tree (never a link, FIFO or device,
    /// and never the git directory's contents, which `git fetch`'s flush already covered).
    private func flushWorkTree() throws {
        var folders: [String] = []
        var pending = [workdir]
        while let folder = pending.popLast() {
            folders.append(folder)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name != ".git" {
                let path = (folder as NSString).appendingPathComponent(name)
                var st = stat()
                guard lstat(path, &st) == 0 else { continue }
                switch st.st_mode & S_IFMT {
                case S_IFDIR: pending.append(path)
                case S_IFREG: try FileSync.file(path)
                default: continue
                }
            }
        }
        for folder in folders.reversed() { try FileSync.folder(folder) }
    }
}
