import CarouselGit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What can leave git unable to read the status or commit, so changes and syncs fail: a
/// submodule in git's index, a sync (or `git pull`) that stopped half way, a path whose kind on
/// disk differs from the index's, and FIFOs or devices in the vault. Each fix names commands in
/// backticks that work as printed, in order (a test runs them).
extension VaultDoctor {
    static func wedges(_ vault: Vault) -> [DoctorFinding] {
        guard let repo = try? Repository.open(at: vault.root), let index = try? repo.indexEntries() else { return [] }
        let head = ((try? repo.headID()) ?? nil).flatMap { try? repo.entries(at: $0) } ?? []
        var result: [DoctorFinding] = []
        for entry in index where entry.mode == TreeEntry.gitlinkMode {
            let path = shellQuoted(entry.path)
            result.append(DoctorFinding(kind: .gitlink, severity: .problem, path: entry.path, line: nil,
                                        message: "\(shownPath(entry.path)) is a submodule (a gitlink) in git's index: a vault cannot hold one (libgit2 looks for a repository there), and sync refuses trees with one",
                                        fix: "take it out of git's index and commit that: `git rm -q --cached \(path)` then `git commit -qm 'Remove the submodule'`; then `carousel sync`"))
        }
        if index.contains(where: { $0.path == ".gitmodules" }) {
            result.append(DoctorFinding(kind: .gitlink, severity: .problem, path: ".gitmodules", line: nil,
                                        message: ".gitmodules is tracked: it names submodules, which a vault cannot hold",
                                        fix: "remove it and commit that: `git rm -q .gitmodules` then `git commit -qm 'Remove .gitmodules'`; then `carousel sync`"))
        }
        result += halfDone(index: index, head: head)
        result += kindOnDisk(vault, index: index, skipping: Set(result.compactMap(\.path)))
        result += specialFiles(vault)
        return result
    }

    /// Paths whose kind in the index (a file, or a folder of entries) differs from HEAD's: a
    /// checkout that wrote the index and the files but stopped before HEAD moved.
    static func halfDone(index: [TreeEntry], head: [TreeEntry]) -> [DoctorFinding] {
        var headIsFolder: [String: Bool] = [:]
        for entry in head { headIsFolder[entry.path] = entry.mode == TreeEntry.treeMode }
        var indexFolders: Set<String> = [], indexFiles: Set<String> = []
        for entry in index {
            indexFiles.insert(entry.path)
            var parts = entry.path.split(separator: "/").dropLast()
            while !parts.isEmpty, indexFolders.insert(parts.joined(separator: "/")).inserted { parts = parts.dropLast() }
        }
        var found: [String] = []
        for path in indexFiles where headIsFolder[path] == true { found.append(path) }
        for path in indexFolders where headIsFolder[path] == false { found.append(path) }
        return found.sorted().map { path in
            DoctorFinding(kind: .halfDoneSync, severity: .problem, path: path, line: nil,
                          message: "\(shownPath(path)) is a \(headIsFolder[path] == true ? "file" : "folder") in git's index but a \(headIsFolder[path] == true ? "folder" : "file") in the last commit: a sync or pull stopped half way",
                          fix: "put it back as the last commit has it: `git restore --source=HEAD --staged --worktree -- \(shellQuoted(path))`; then `carousel sync`")
        }
    }

    /// Index entries whose path is a folder on disk, or lies under something on disk that is not
    /// a folder.
    static func kindOnDisk(_ vault: Vault, index: [TreeEntry], skipping: Set<String>) -> [DoctorFinding] {
        var found: [String: String] = [:]  // path → what it is on disk
        for entry in index where entry.mode != TreeEntry.gitlinkMode {
            var st = stat()
            if lstat(vault.url(entry.path), &st) == 0 {
                if (st.st_mode & S_IFMT) == S_IFDIR { found[entry.path] = "a folder on disk, where git has a file" }
                continue
            }
            guard errno == ENOTDIR else { continue }
            var prefix = ""
            for part in entry.path.split(separator: "/").dropLast() {
                prefix += (prefix.isEmpty ? "" : "/") + part
                if lstat(vault.url(prefix), &st) == 0, (st.st_mode & S_IFMT) != S_IFDIR {
                    found[prefix] = "not a folder on disk, where git has a folder"
                    break
                }
            }
        }
        return found.keys.sorted().filter { !skipping.contains($0) }.map { path in
            let word = shellQuoted(path), aside = shellQuoted(path + ".aside")
            return DoctorFinding(kind: .kindOnDisk, severity: .problem, path: path, line: nil,
                                 message: "\(shownPath(path)) is \(found[path] ?? "")",
                                 fix: "move it aside and put back git's version: `mv \(word) \(aside)` then `git restore --source=HEAD --staged --worktree -- \(word)`; look through \(aside) and remove it when you are done")
        }
    }

    /// FIFOs, devices and sockets in the vault's files (not `.git/` or `.carousel/`): no text
    /// can be read from them, and opening a FIFO waits for a writer.
    static func specialFiles(_ vault: Vault) -> [DoctorFinding] {
        var result: [DoctorFinding] = []
        eachEntry(vault) { rel, _, st in
            let kind = st.st_mode & S_IFMT
            guard [S_IFIFO, S_IFCHR, S_IFBLK, S_IFSOCK].contains(kind) else { return true }
            let what = kind == S_IFIFO ? "a FIFO (a named pipe)" : kind == S_IFSOCK ? "a socket" : "a device"
            result.append(DoctorFinding(kind: .specialFile, severity: .problem, path: rel, line: nil,
                                        message: "\(shownPath(rel)) is \(what), which holds no text; Carousel and git skip it",
                                        fix: "remove it: `rm \(shellQuoted(rel))`"))
            return false
        }
        return result
    }

    static func shownPath(_ path: String) -> String { IncomingTree.shown(path) }
}
