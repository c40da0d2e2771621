import Foundation
import XCTest

/// Several devices (each a Sandbox with its own vault and HOME) sharing one bare remote.
final class SyncWorld {
    let root: URL
    let bare: URL
    private(set) var devices: [Sandbox] = []

    init(_ name: String = #function) throws {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        root = FileManager.default.temporaryDirectory.appendingPathComponent("carousel-sync-\(safe)-\(UUID().uuidString.prefix(8))")
        bare = root.appendingPathComponent("remote.git")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let r = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "init", "-q", "--bare", "-b", "main", bare.path],
                                env: ["PATH": "/usr/bin:/bin", "HOME": root.path, "GIT_CONFIG_NOSYSTEM": "1"], cwd: root)
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// The first device: `carousel init`, then the remote added (nothing pushed yet).
    func firstDevice(name: String, remoteURL: String? = nil) throws -> Sandbox {
        let s = try Sandbox(name)
        try s.initVault()
        try s.git(["config", "user.name", name])
        try s.git(["config", "user.email", "\(name)@example.invalid"])
        try s.git(["config", "carousel.device", name])
        try s.git(["remote", "add", "origin", remoteURL ?? bare.path])
        devices.append(s)
        return s
    }

    /// Another device: a plain `git clone` of the remote.
    func clone(name: String, remoteURL: String? = nil) throws -> Sandbox {
        let s = try Sandbox(name)
        let r = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "clone", "-q", remoteURL ?? bare.path, s.vault.path],
                                env: s.environment, cwd: s.root)
        XCTAssertEqual(r.status, 0, r.stderr)
        try s.git(["config", "user.name", name])
        try s.git(["config", "user.email", "\(name)@example.invalid"])
        try s.git(["config", "carousel.device", name])
        devices.append(s)
        return s
    }

    /// Every file in the vault except `.git` and `.carousel`, by relative path.
    static func files(_ s: Sandbox) throws -> [String: String] {
        var result: [String: String] = [:]
        let base = s.vault.path + "/"
        guard let e = FileManager.default.enumerator(atPath: s.vault.path) else { return [:] }
        while let rel = e.nextObject() as? String {
            if rel.hasPrefix(".git/") || rel == ".git" || rel.hasPrefix(".carousel") { continue }
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + rel, isDirectory: &isDir), !isDir.boolValue {
                result[rel] = try s.read(rel)
            }
        }
        return result
    }

    /// All devices hold identical files, none with conflict markers, each clean and fsck-clean.
    func assertConverged(file: StaticString = #filePath, line: UInt = #line) throws {
        let first = try SyncWorld.files(devices[0])
        for d in devices {
            try d.assertClean(file: file, line: line)
            let files = try SyncWorld.files(d)
            XCTAssertEqual(files, first, "devices differ", file: file, line: line)
            for (path, text) in files {
                XCTAssertFalse(text.contains("<<<<<<<"), "\(path) has conflict markers", file: file, line: line)
            }
        }
    }
}

/// A card file written by hand.
func cardText(id: String, title: String, extra: String = "", body: String = "") -> String {
    "---\nid: \(id)\ntitle: \(title)\n\(extra)---\n\(body)"
}
