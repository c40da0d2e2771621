import CarouselGit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a command was about to commit, written before its files and removed after its commit,
/// so that a command killed in between can be finished by the next one ("recover: …").
struct Intent: Codable {
    var message: String
    var paths: [String]
}

/// Leftovers of a `carousel` that died mid-command, cleaned up by the next one. Only called while
/// holding the vault lock, so no other `carousel` can be using them.
enum CrashRecovery {
    static func intentPath(_ vault: Vault) -> String { vault.url(Vault.localDir + "/intent.json") }

    static func writeIntent(_ intent: Intent, vault: Vault) throws(CarouselError) {
        guard let data = try? JSONText.encoder(.compact).encode(intent) else { return }
        let dir = try vault.stateFolder()
        do {
            try FileSystem.writeAtomically(String(decoding: data, as: UTF8.self), to: dir + "/intent.json",
                                           shownAs: Vault.localDir + "/intent.json")
        } catch let error {
            // A full disk stops the change before any file of it is written: name the change's file.
            if case let .diskFull(_, quota) = error, let first = intent.paths.first { throw .diskFull(path: first, quota: quota) }
            throw error
        }
    }

    static func readIntent(_ vault: Vault) -> Intent? {
        guard vault.stateFolderProblem() == nil,
              let text = try? FileSystem.readText(intentPath(vault), followLinks: false) else { return nil }
        return try? JSONDecoder().decode(Intent.self, from: Data(text.utf8))
    }

    static func clearIntent(_ vault: Vault) {
        try? FileSystem.remove(intentPath(vault))
    }

    static func fastForwardPath(_ vault: Vault) -> String { vault.url(Vault.localDir + "/fast-forward") }

    /// Records the commit a fast-forward is about to check out: libgit2 writes the files in
    /// place, so a kill or a power cut in the middle leaves some of them half written.
    static func writeFastForward(_ target: ObjectID, vault: Vault) throws(CarouselError) {
        let dir = try vault.stateFolder()
        try FileSystem.writeAtomically(target.description + "\n", to: dir + "/fast-forward", shownAs: Vault.localDir + "/fast-forward")
    }

    static func clearFastForward(_ vault: Vault) {
        try? FileSystem.remove(fastForwardPath(vault))
    }

    /// Finishes a fast-forward that did not move the branch: its files are written again whole
    /// (only those it changes), then the branch moves. Nil when there was none. A target whose
    /// tree sync would refuse now (recorded by an older version) is never replayed: its paths
    /// are put back as HEAD has them instead, and the marker goes either way, so no later
    /// command repeats a step that failed.
    static func finishFastForward(_ vault: Vault, repository: Repository) throws(CarouselError) -> String? {
        guard vault.stateFolderProblem() == nil,
              let text = try? FileSystem.readText(fastForwardPath(vault), followLinks: false) else { return nil }
        guard let target = ObjectID(hex: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            clearFastForward(vault)
            return nil
        }
        defer { clearFastForward(vault) }
        do {
            guard let head = try repository.headID(), head != target, try repository.isDescendant(target, of: head) else {
                return "finished an interrupted sync"
            }
            if try !IncomingTree.judge(repository: repository, tip: target, head: head)(target).isEmpty {
                try repository.abandonFastForward(to: target)
                return "took back an interrupted sync whose files cannot be checked out here"
            }
            try repository.fastForward(to: target, finishing: true)
        } catch {
            throw .git("cannot finish an interrupted sync: \(error.localizedDescription); run `carousel doctor`")
        }
        return "finished an interrupted sync"
    }

    /// Removes git lock files left by a killed process. A lock that is still there after a
    /// short wait cannot belong to a running `carousel` (we hold the vault lock); a git command
    /// run by hand would have finished.
    static func clearStaleGitLocks(_ vault: Vault) -> [String] {
        let present = gitLocks(vault)
        guard !present.isEmpty else { return [] }
        let deadline = Date().addingTimeInterval(1.0)
        while Date() < deadline, present.contains(where: { FileManager.default.fileExists(atPath: $0) }) {
            usleep(50_000)
        }
        var removed: [String] = []
        for path in present where FileManager.default.fileExists(atPath: path) {
            if (try? FileManager.default.removeItem(atPath: path)) != nil {
                removed.append(String(path.dropFirst(vault.root.count + 1)))
            }
        }
        return removed
    }

    /// git's lock files that exist now (HEAD, the index, packed refs, any ref).
    static func gitLocks(_ vault: Vault) -> [String] {
        let git = vault.url(".git")
        var candidates = [git + "/index.lock", git + "/HEAD.lock", git + "/packed-refs.lock"]
        if let heads = FileManager.default.enumerator(atPath: git + "/refs") {
            for case let name as String in heads where name.hasSuffix(".lock") { candidates.append(git + "/refs/" + name) }
        }
        return candidates.filter { FileManager.default.fileExists(atPath: $0) }
    }

    /// Whether a change was cut short (its intent is still recorded) or git left a lock behind:
    /// then the next change takes the full path that finishes or clears them.
    static func hasUnfinishedWork(_ vault: Vault) -> Bool {
        readIntent(vault) != nil || !gitLocks(vault).isEmpty || hasKilledMerge(vault)
    }

    /// Removes `.carousel-tmp-PID-N` files whose writer (PID) is gone: half of a save that was
    /// killed. Git ignores them, so nothing else would. A file whose process still runs is kept.
    /// With `skipping`, that top folder is left out (see `removeOrphanTemporaryFiles(_:among:)`).
    @discardableResult
    static func removeOrphanTemporaryFiles(_ vault: Vault, skipping: String? = nil) -> [String] {
        var removed: [String] = []
        func sweep(_ relative: String, depth: Int) {
            if let skipping, relative == skipping { return }
            let dir = relative.isEmpty ? vault.root : vault.url(relative)
            guard depth <= 4, !FileSystem.isLink(dir), let handle = opendir(dir) else { return }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafePointer(to: entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
                }
                let rel = relative.isEmpty ? name : relative + "/" + name
                if name.hasPrefix(FileSystem.temporaryPrefix) {
                    guard let pid = temporaryFileOwner(name), !isAlive(pid) else { continue }
                    if unlink(vault.url(rel)) == 0 { removed.append(rel) }
                } else if !name.hasPrefix("."), entry.pointee.d_type == UInt8(DT_DIR) {
                    sweep(rel, depth: depth + 1)
                }
            }
        }
        sweep("", depth: 0)
        sweep(Vault.localDir, depth: 4)
        return removed.sorted()
    }

    /// The same for entries already listed: `cards/` can hold 100,000 files, and the index's
    /// refresh has just met every entry there that is not a card (`CardIndex.cardOthers`, kept
    /// from the last walk while no folder changed), so it is not read a second time.
    static func removeOrphanTemporaryFiles(_ vault: Vault, among paths: [String]) -> [String] {
        var removed: [String] = []
        for path in paths {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            guard name.hasPrefix(FileSystem.temporaryPrefix), let pid = temporaryFileOwner(name), !isAlive(pid) else { continue }
            if unlink(vault.url(path)) == 0 { removed.append(path) }
        }
        return removed.sorted()
    }

    /// The process id in `.carousel-tmp-PID-N`.
    static func temporaryFileOwner(_ name: String) -> pid_t? {
        let rest = name.dropFirst(FileSystem.temporaryPrefix.count)
        guard let pid = rest.split(separator: "-").first.flatMap({ Int32($0) }), pid > 0 else { return nil }
        return pid
    }

    static func isAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }

    /// Whether a path is a temporary file of an interrupted atomic write.
    static func isTemporary(_ path: String) -> Bool {
        (path.split(separator: "/").last ?? "").hasPrefix(FileSystem.temporaryPrefix)
    }
}
