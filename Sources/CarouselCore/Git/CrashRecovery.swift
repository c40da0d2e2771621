import Foundation

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
        guard let data = try? JSONEncoder().encode(intent) else { return }
        try FileSystem.writeAtomically(String(decoding: data, as: UTF8.self), to: intentPath(vault))
    }

    static func readIntent(_ vault: Vault) -> Intent? {
        guard let data = FileManager.default.contents(atPath: intentPath(vault)) else { return nil }
        return try? JSONDecoder().decode(Intent.self, from: data)
    }

    static func clearIntent(_ vault: Vault) {
        try? FileSystem.remove(intentPath(vault))
    }

    /// Removes git lock files left by a killed process. A lock that is still there after a
    /// short wait cannot belong to a running `carousel` (we hold the vault lock); a git command
    /// run by hand would have finished.
    static func clearStaleGitLocks(_ vault: Vault) -> [String] {
        let git = vault.url(".git")
        var candidates = [git + "/index.lock", git + "/HEAD.lock", git + "/packed-refs.lock"]
        if let heads = FileManager.default.enumerator(atPath: git + "/refs") {
            for case let name as String in heads where name.hasSuffix(".lock") { candidates.append(git + "/refs/" + name) }
        }
        let present = candidates.filter { FileManager.default.fileExists(atPath: $0) }
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

    /// Whether a path is a temporary file of an interrupted atomic write.
    static func isTemporary(_ path: String) -> Bool {
        (path.split(separator: "/").last ?? "").hasPrefix(FileSystem.temporaryPrefix)
    }
}
