import Foundation
import XCTest

/// A CalDAV server for the `carousel caldav` tests, run by the test as a program on 127.0.0.1
/// with a free port, one user and a password, and stopped by it: Radicale (htpasswd, plain) or
/// Xandikos behind Basic authentication (`Tests/CalDAV/xandikos_auth.py`). Both come from PyPI
/// (`make pydeps`); without them the tests are skipped, unless CAROUSEL_TEST_SERVERS=required.
final class CalDAVServer {
    enum Kind: String { case radicale, xandikos }

    static let user = "phone"
    static let password = "s3cret-pass"
    static var scripts: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("CalDAV") }

    let kind: Kind
    let port: Int
    let url: String
    private let server: DetachedServer

    init(_ kind: Kind, root: URL) throws {
        try Self.requirePython(kind.rawValue)
        self.kind = kind
        port = try GitDaemon.freePort()
        let folder = root.appendingPathComponent(kind.rawValue)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        switch kind {
        case .radicale:
            let users = folder.appendingPathComponent("users")
            try Data("\(Self.user):\(Self.password)\n".utf8).write(to: users)
            let config = folder.appendingPathComponent("config")
            try Data("""
                [server]
                hosts = 127.0.0.1:\(port)
                [auth]
                type = htpasswd
                htpasswd_filename = \(users.path)
                htpasswd_encryption = plain
                [storage]
                filesystem_folder = \(folder.appendingPathComponent("collections").path)
                [logging]
                level = warning

                """.utf8).write(to: config)
            server = try DetachedServer([Self.python, "-m", "radicale", "--config", config.path], cwd: folder, port: port)
        case .xandikos:
            server = try DetachedServer([Self.python, Self.scripts.appendingPathComponent("xandikos_auth.py").path,
                                         folder.appendingPathComponent("data").path, String(port), Self.user, Self.password],
                                        cwd: folder, port: port)
        }
        url = "http://127.0.0.1:\(port)/"
    }

    deinit { server.stop() }

    /// The `python3` on the test's PATH, as an absolute path to the interpreter itself (servers
    /// are started with a plain PATH, and a version manager's shim needs its own).
    static let python: String = {
        let r = try? Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import sys; print(sys.executable)"],
                                 env: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                                       "HOME": ProcessInfo.processInfo.environment["HOME"] ?? "/"],
                                 cwd: FileManager.default.temporaryDirectory)
        let path = r?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return path.isEmpty ? "/usr/bin/python3" : path
    }()

    /// Skips the test when Python or the module is missing (fails instead under
    /// CAROUSEL_TEST_SERVERS=required).
    static func requirePython(_ module: String) throws {
        let check = try? Sandbox.run(URL(fileURLWithPath: python), ["-c", "import \(module), caldav"],
                                     env: ["PATH": "/usr/bin:/bin"], cwd: FileManager.default.temporaryDirectory)
        guard check?.status != 0 else { return }
        if ProcessInfo.processInfo.environment["CAROUSEL_TEST_SERVERS"] == "required" {
            throw SetupFailure("Python's \(module) or caldav is missing; `make pydeps` installs them")
        }
        throw XCTSkip("Python's \(module) or caldav is missing (`make pydeps` installs them)")
    }

    /// The phone: `Tests/CalDAV/phone.py` acting on one collection by its display name.
    @discardableResult
    func phone(_ collection: String, _ args: [String], file: StaticString = #filePath, line: UInt = #line) throws -> RunResult {
        let r = try Sandbox.run(URL(fileURLWithPath: Self.python),
                                [Self.scripts.appendingPathComponent("phone.py").path, url, Self.user, Self.password, collection] + args,
                                env: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path],
                                cwd: FileManager.default.temporaryDirectory)
        XCTAssertEqual(r.status, 0, "phone.py \(args.joined(separator: " ")): \(r.stderr)", file: file, line: line)
        return r
    }

    /// What the phone sees in a collection, by UID.
    func items(_ collection: String) throws -> [String: [String: Any]] {
        let r = try phone(collection, ["list"])
        let list = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] ?? []
        var out: [String: [String: Any]] = [:]
        for item in list { if let uid = item["uid"] as? String { out[uid] = item } }
        return out
    }
}
