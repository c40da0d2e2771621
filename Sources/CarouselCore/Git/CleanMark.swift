import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What was true the last time the work tree was known to match HEAD, so that a change can skip
/// the walk over git's status (`VaultWriter.commitPendingEdits`) when nothing changed since.
///
/// The card files are covered by the index: its refresh stats every one of them and drops the
/// mark as soon as one is new, gone or different (`CardIndex.sync`). Everything else git would
/// see is in `files`: the stamp of every entry outside `cards/` (habits, journal, attachments,
/// settings, dot-files), of every entry in `cards/` the index does not read (hidden names, files
/// that are not `*.md`), and of git's own index, config and exclude file. HEAD must still be the
/// same commit. When any of it differs, the status walk runs as before; only git's index may
/// differ (`git status` rewrites it with fresh stat data) if it still holds exactly HEAD.
struct CleanMark: Equatable {
    /// HEAD's commit id (hex) when the work tree matched it.
    var head: String
    /// Vault-relative path → stamp (`CleanMark.stamp`), for everything but the card files.
    var files: [String: String]

    /// Entries of the vault root that are not walked: git's folder, Carousel's cache, and the cards
    /// (the index and `cardOthers` cover those).
    static var skippedAtRoot: Set<String> { [".git", Vault.localDir, Vault.cardsDir] }

    /// The stamps of everything the index does not cover, as they are now. `cardOthers` are the
    /// entries of `cards/` the index refresh met but does not read; `gitDir` is the repository's
    /// folder (its index, config and exclude file change what `git status` says).
    static func scan(root: String, cardOthers: [String], gitDir: String) -> [String: String] {
        var files: [String: String] = [:]
        walk(root: root, relative: "", into: &files)
        for path in cardOthers { files[path] = stamp(root + "/" + path) }
        for name in ["index", "config", "info/exclude"] { files[".git/" + name] = stamp(gitDir + "/" + name) }
        return files
    }

    /// `files` after this command wrote `paths`: those (when not cards) are stamped again, and
    /// so are git's index and the folders that held them. The rest keeps its stamp from before
    /// the command, so an editor's change made meanwhile still shows as a change next time.
    static func restamp(_ files: [String: String], root: String, written paths: [String], gitDir: String) -> [String: String] {
        var out = files
        for path in paths where !isCard(path) {
            out[path] = stamp(root + "/" + path)
            var folder = VaultPath.folder(of: path)
            while !folder.isEmpty {
                // A new folder outside `cards/` appears as its own entry.
                if !folder.hasPrefix(Vault.cardsDir) { out[folder] = stamp(root + "/" + folder) }
                folder = VaultPath.folder(of: folder)
            }
        }
        out[".git/index"] = stamp(gitDir + "/index")
        return out
    }

    /// The key of git's own index in `files`.
    static let gitIndex = ".git/index"

    /// Whether two stamp lists agree on everything but git's index.
    static func sameExceptGitIndex(_ a: [String: String], _ b: [String: String]) -> Bool {
        guard a.count == b.count else { return false }
        return a.allSatisfy { key, value in key == gitIndex || b[key] == value }
    }

    /// A regular `*.md` file under `cards/`, which the index stamps.
    static func isCard(_ path: String) -> Bool {
        path.hasPrefix(Vault.cardsDir + "/") && path.hasSuffix(".md")
            && !path.split(separator: "/").contains { $0.hasPrefix(".") }
    }

    /// Size, modification time (ns), inode and mode, without following a final link; "-" when
    /// missing. A folder's own times are left out (what is in it is listed entry by entry).
    static func stamp(_ path: String) -> String {
        var st = stat()
        guard lstat(path, &st) == 0 else { return "-" }
        if (st.st_mode & S_IFMT) == S_IFDIR { return "dir" }
        return "\(st.st_size):\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec):\(st.st_ino):\(st.st_mode)"
    }

    private static func walk(root: String, relative: String, into files: inout [String: String]) {
        guard let handle = opendir(relative.isEmpty ? root : root + "/" + relative) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            if relative.isEmpty, skippedAtRoot.contains(name) { continue }
            let rel = relative.isEmpty ? name : relative + "/" + name
            // A cards folder deeper down (`TaskNotes/Tasks`) is the index's too.
            if rel == Vault.cardsDir { continue }
            let value = stamp(root + "/" + rel)
            files[rel] = value
            if value == "dir" { walk(root: root, relative: rel, into: &files) }
        }
    }

    /// One line per entry, sorted, for the index's table.
    var encodedFiles: String {
        files.keys.sorted().map { $0 + "\t" + files[$0]! }.joined(separator: "\n")
    }

    static func decodeFiles(_ text: String) -> [String: String] {
        var files: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            files[String(line[..<tab])] = String(line[line.index(after: tab)...])
        }
        return files
    }
}
