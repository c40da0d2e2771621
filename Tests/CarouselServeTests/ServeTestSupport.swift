import CarouselCore
import CarouselGit
import Foundation
import XCTest

/// A temporary vault made by the built `carousel` binary, with its own HOME and commit author.
final class WebSandbox: @unchecked Sendable {
    let root: URL
    let vault: URL
    let home: URL
    let today = "2026-11-23"

    init(_ name: String = #function) throws {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        root = FileManager.default.temporaryDirectory.appendingPathComponent("carousel-web-\(safe)-\(UUID().uuidString.prefix(8))")
        vault = root.appendingPathComponent("vault")
        home = root.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// The build folder holding `carousel` and `carousel-serve`.
    static var binDir: URL {
        if let path = ProcessInfo.processInfo.environment["CAROUSEL_BIN"] { return URL(fileURLWithPath: path).deletingLastPathComponent() }
        let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") } ?? Bundle.main
        let dir = bundle.bundleURL.deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: dir.appendingPathComponent("carousel").path) { return dir }
        return Bundle.main.bundleURL
    }

    var environment: [String: String] {
        [
            "HOME": home.path, "XDG_CONFIG_HOME": home.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "GIT_CONFIG_NOSYSTEM": "1", "NO_COLOR": "1", "LANG": "C.UTF-8",
            "CAROUSEL_AUTHOR_NAME": "Test Person", "CAROUSEL_AUTHOR_EMAIL": "test@example.invalid",
        ]
    }

    @discardableResult
    func carousel(_ args: [String]) throws -> (status: Int32, out: String, err: String) {
        var full = args
        if args.first != "init" { full += ["--vault", vault.path] }
        full += ["--today", today]
        return try WebSandbox.run(WebSandbox.binDir.appendingPathComponent("carousel"), full, env: environment)
    }

    func initVault(sample: Bool = true) throws {
        let r = try carousel(["init", vault.path] + (sample ? ["--sample"] : []))
        XCTAssertEqual(r.status, 0, r.err)
    }

    func git(_ args: [String]) throws -> String {
        try WebSandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", vault.path] + args, env: environment).out
    }

    func log() throws -> [String] { try git(["log", "--format=%s"]).split(separator: "\n").map(String.init) }

    func read(_ relative: String) throws -> String {
        try String(decoding: Data(contentsOf: vault.appendingPathComponent(relative)), as: UTF8.self)
    }

    func write(_ relative: String, _ text: String) throws {
        try Data(text.utf8).write(to: vault.appendingPathComponent(relative))
    }

    /// Everything in the vault except git's and the index's own files, for "nothing changed".
    func files() throws -> [String: String] {
        var out: [String: String] = [:]
        for dir in ["cards", "habits", "journal"] {
            let url = vault.appendingPathComponent(dir)
            for name in FileManager.default.subpaths(atPath: url.path) ?? [] where name.hasSuffix(".md") {
                out[dir + "/" + name] = try read(dir + "/" + name)
            }
        }
        out["carousel.yaml"] = try read("carousel.yaml")
        return out
    }

    static func run(_ exe: URL, _ args: [String], env: [String: String]) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = exe
        p.arguments = args
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let errData = LockedData()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData.set(err.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitForExit()
        return (p.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData.get(), as: UTF8.self))
    }
}

final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ d: Data) { lock.lock(); data = d; lock.unlock() }
    func get() -> Data { lock.lock(); defer { lock.unlock() }; return data }
}
