import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `watch: watchman`: a view stats only the files Watchman reports, and every way Watchman can
/// stop vouching for that (stopped, started again, a recrawl, the vault moved) falls back to the
/// stat pass and still sees every edit. `git status` in the vault (through Carousel's fsmonitor
/// hook) agrees with Carousel after each step. Each test runs a Watchman of its own, as a
/// program with its socket, state and log in the test's folder, and stops it at the end.
final class WatchmanTests: XCTestCase {
    private var sandbox: Sandbox!
    private var watchman: TestWatchman!

    override func setUpWithError() throws {
        sandbox = try Sandbox()
        // The hook git runs is this program: the command line runs as its own process.
        sandbox.inProcess = false
        watchman = try TestWatchman(folder: sandbox.root.appendingPathComponent("watchman"))
        sandbox.extraEnvironment["WATCHMAN_SOCK"] = watchman.socket
        try sandbox.initVault()
        for title in ["Call mum", "Water the plants", "Pay rent"] {
            XCTAssertEqual(try sandbox.carousel(["add", title]).status, 0)
        }
        let on = try sandbox.carousel(["watch", "on", "--json"])
        XCTAssertEqual(on.status, 0, on.stderr)
        let json = try on.json()
        XCTAssertEqual(json["watch"] as? String, "watchman")
        XCTAssertEqual(json["git_fsmonitor"] as? Bool, true)
        // The first refresh takes a clock and stats every file; the next asks Watchman.
        XCTAssertEqual(try lastRefresh(), nil)
        try refresh(expect: "stat", parsed: 0)
        try refresh(expect: "watchman", parsed: 0)
        try assertGitClean()
    }

    override func tearDown() {
        watchman?.stop()
        watchman = nil
        sandbox = nil
    }

    // MARK: steps

    /// `index --json` and then `watch status --json`: how the refresh found its changes.
    @discardableResult
    private func refresh(vault: URL? = nil, expect: String, parsed: Int? = nil, removed: Int? = nil,
                         file: StaticString = #filePath, line: UInt = #line) throws -> String? {
        let args = vault.map { ["--vault", $0.path] } ?? []
        let r = try sandbox.carousel(["index", "--json"] + args, vaultFlag: vault == nil)
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        let stats = try r.json()
        if let parsed { XCTAssertEqual(stats["parsed"] as? Int, parsed, "files read", file: file, line: line) }
        if let removed { XCTAssertEqual(stats["removed"] as? Int, removed, "rows dropped", file: file, line: line) }
        XCTAssertEqual(stats["files"] as? Int, try cardFiles(vault ?? sandbox.vault), "the card files counted", file: file, line: line)
        let status = try sandbox.carousel(["watch", "status", "--json"] + args, vaultFlag: vault == nil).json()
        XCTAssertEqual(status["last_refresh"] as? String, expect, "how the refresh found its changes: \(status)", file: file, line: line)
        return status["reason"] as? String
    }

    /// The card files of `cards/` on disk (none under a hidden folder).
    private func cardFiles(_ vault: URL) throws -> Int {
        let cards = vault.appendingPathComponent("cards")
        let found = FileManager.default.enumerator(at: cards, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        return (found?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "md" }.count
    }

    private func lastRefresh() throws -> String? {
        try sandbox.carousel(["watch", "status", "--json"]).json()["last_refresh"] as? String
    }

    /// Rewrites a card's title by hand, as an editor saves (in place, no rename).
    private func editTitle(_ name: String, to title: String, in vault: URL? = nil) throws {
        let url = (vault ?? sandbox.vault).appendingPathComponent("cards/\(name).md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasPrefix("title:") ? "title: \(title)" : String($0) }
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(lines.joined(separator: "\n").utf8))
        try handle.close()
    }

    private func titles(vault: URL? = nil) throws -> [String] {
        let args = vault.map { ["--vault", $0.path] } ?? []
        let r = try sandbox.carousel(["list", "--json"] + args, vaultFlag: vault == nil)
        XCTAssertEqual(r.status, 0, r.stderr)
        let cards = try XCTUnwrap(r.json()["cards"] as? [[String: Any]])
        return cards.compactMap { $0["title"] as? String }.sorted()
    }

    private func gitStatus(_ vault: URL? = nil) throws -> String {
        let r = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", (vault ?? sandbox.vault).path, "status", "--porcelain"],
                                env: sandbox.environment, cwd: sandbox.root)
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout
    }

    private func assertGitClean(_ vault: URL? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try gitStatus(vault), "", "git status in the vault", file: file, line: line)
    }

    /// A hand edit, seen by git and by Carousel, then committed by a Carousel change.
    private func editSeenAndCommitted(_ name: String, _ title: String, vault: URL? = nil, expect: String,
                                      file: StaticString = #filePath, line: UInt = #line) throws -> String? {
        try editTitle(name, to: title, in: vault)
        XCTAssertEqual(try gitStatus(vault), " M cards/\(name).md\n", "git sees the hand edit", file: file, line: line)
        let reason = try refresh(vault: vault, expect: expect, parsed: 1, file: file, line: line)
        XCTAssertTrue(try titles(vault: vault).contains(title), "the view shows the edit", file: file, line: line)
        let args = vault.map { ["--vault", $0.path] } ?? []
        let done = try sandbox.carousel(["pull", name] + args, vaultFlag: vault == nil)
        XCTAssertEqual(done.status, 0, done.stderr, file: file, line: line)
        try assertGitClean(vault, file: file, line: line)
        return reason
    }

    // MARK: tests

    func testAnEditorsEditIsSeenThroughWatchman() throws {
        // git asks Carousel's hook, and the hook names the edited file.
        try editTitle("water-the-plants", to: "Water the ferns")
        let traced = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", sandbox.vault.path, "status", "--porcelain"],
                                     env: sandbox.environment.merging(["GIT_TRACE_FSMONITOR": "1"]) { $1 }, cwd: sandbox.root)
        XCTAssertEqual(traced.stdout, " M cards/water-the-plants.md\n")
        XCTAssertTrue(traced.stderr.contains("carousel-fsmonitor' returned success"), traced.stderr)
        XCTAssertTrue(traced.stderr.contains("fsmonitor_refresh_callback 'cards/water-the-plants.md'"), traced.stderr)
        try refresh(expect: "watchman", parsed: 1)
        XCTAssertEqual(try sandbox.carousel(["pull", "water-the-plants"]).status, 0)
        try assertGitClean()
        _ = try editSeenAndCommitted("call-mum", "Call mum on Sunday", expect: "watchman")
        try refresh(expect: "watchman")
        // A new card written by hand, and one removed by hand.
        try sandbox.write("cards/by-hand.md", "---\ntitle: Written by hand\n---\n")
        XCTAssertEqual(try gitStatus(), "?? cards/by-hand.md\n")
        try refresh(expect: "watchman", parsed: 1)
        try FileManager.default.removeItem(at: sandbox.vault.appendingPathComponent("cards/pay-rent.md"))
        try refresh(expect: "watchman", parsed: 0, removed: 1)
        XCTAssertEqual(try titles(), ["Call mum on Sunday", "Water the ferns", "Written by hand"])
        // A card Carousel writes itself: the rows follow, and so does the count of files.
        XCTAssertEqual(try sandbox.carousel(["add", "Added by Carousel"]).status, 0)
        try refresh(expect: "watchman", parsed: 0)
        XCTAssertEqual(try sandbox.carousel(["rm", "added-by-carousel", "--yes"]).status, 0)
        try refresh(expect: "watchman", parsed: 0)
        XCTAssertEqual(try sandbox.carousel(["done", "water-the-plants"]).status, 0)
        try assertGitClean()
        try refresh(expect: "watchman", parsed: 0)
        // An entry of cards/ that is not a card: the next change still commits it first.
        try sandbox.write("cards/notes.txt", "not a card\n")
        XCTAssertEqual(try gitStatus(), "?? cards/notes.txt\n")
        try refresh(expect: "watchman", parsed: 0)
        XCTAssertEqual(try sandbox.carousel(["pull", "call-mum"]).status, 0)
        try assertGitClean()
        try refresh(expect: "watchman", parsed: 0)
    }

    func testStoppingWatchmanFallsBackToTheStatPass() throws {
        watchman.stop()
        let reason = try editSeenAndCommitted("call-mum", "Call mum at noon", expect: "stat")
        XCTAssertEqual(reason, "Watchman is not running")
        try editTitle("pay-rent", to: "Pay the rent")
        try refresh(expect: "stat", parsed: 1)
        XCTAssertTrue(try titles().contains("Pay the rent"))
    }

    func testAClockFromAnotherWatchmanFallsBack() throws {
        watchman.stop()
        try watchman.start()
        let reason = try editSeenAndCommitted("call-mum", "Call mum again", expect: "stat")
        XCTAssertEqual(reason, "Watchman started again since the last clock")
        _ = try editSeenAndCommitted("pay-rent", "Pay the rent", expect: "watchman")
    }

    func testARecrawlFallsBack() throws {
        try watchman.recrawl(sandbox.vault)
        let reason = try editSeenAndCommitted("call-mum", "Call mum after the recrawl", expect: "stat")
        XCTAssertEqual(reason, "Watchman recrawled the vault")
        // The same warning again is the recrawl already answered by a stat pass.
        _ = try editSeenAndCommitted("pay-rent", "Pay the rent", expect: "watchman")
    }

    /// The watch the last refresh used is queried at once; when Watchman no longer watches the
    /// vault, the refresh stats every file and the one after it uses Watchman again.
    func testAWatchDroppedInWatchmanFallsBack() throws {
        try watchman.unwatch(sandbox.vault)
        let reason = try editSeenAndCommitted("call-mum", "Call mum, watched anew", expect: "stat")
        XCTAssertNotNil(reason)
        _ = try editSeenAndCommitted("pay-rent", "Pay the rent", expect: "watchman")
    }

    func testAVaultMovedToAnotherFolderFallsBack() throws {
        let moved = sandbox.root.appendingPathComponent("moved")
        try FileManager.default.moveItem(at: sandbox.vault, to: moved)
        let reason = try editSeenAndCommitted("call-mum", "Call mum from the new folder", vault: moved, expect: "stat")
        XCTAssertEqual(reason, "the vault moved since the last clock")
        _ = try editSeenAndCommitted("pay-rent", "Pay the rent", vault: moved, expect: "watchman")
    }

    func testWatchOffUndoesBoth() throws {
        let off = try sandbox.carousel(["watch", "off", "--json"])
        XCTAssertEqual(off.status, 0, off.stderr)
        let json = try off.json()
        XCTAssertEqual(json["watch"] as? String, "off")
        XCTAssertEqual(json["git_fsmonitor"] as? Bool, false)
        XCTAssertEqual(try sandbox.git(["config", "--local", "--get", "core.fsmonitor"]).stdout, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.vault.appendingPathComponent(".git/hooks/carousel-fsmonitor").path))
        XCTAssertTrue(try sandbox.read("carousel.yaml").contains("watch: off"))
        try assertGitClean()
        try editTitle("call-mum", to: "Call mum, no watcher")
        XCTAssertEqual(try gitStatus(), " M cards/call-mum.md\n")
        let r = try sandbox.carousel(["index", "--json"])
        XCTAssertEqual(try r.json()["parsed"] as? Int, 1)
        XCTAssertEqual(try lastRefresh(), nil, "no refresh asks Watchman once it is off")
    }
}

/// A Watchman of the test's own: `--foreground`, its socket, state, log and pid files in
/// `folder`, started as a plain program (never a service, never the person's own Watchman).
final class TestWatchman {
    let folder: URL
    let program: String
    var socket: String { folder.appendingPathComponent("sock").path }
    private var server: DetachedServer?

    init(folder: URL) throws {
        program = try requireProgram("/usr/bin/watchman")
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try start()
    }

    deinit { stop() }

    func start() throws {
        let file = { (name: String) in self.folder.appendingPathComponent(name).path }
        server = try DetachedServer([program, "--foreground", "--no-save-state", "--sockname=\(socket)", "--statefile=\(file("state"))",
                                     "--logfile=\(file("log"))", "--pidfile=\(file("pid"))"], cwd: folder, port: nil, env: TestServers.environment)
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while (try? send(#"["version"]"#)) == nil {
            guard ContinuousClock.now < deadline else { throw SetupFailure("watchman did not start: \(log)") }
            usleep(50_000)
        }
    }

    func stop() {
        server?.stop()
        server = nil
    }

    var log: String { (try? String(contentsOfFile: folder.appendingPathComponent("log").path, encoding: .utf8)) ?? "" }

    /// One request in Watchman's JSON protocol, through its own program; the answer's text.
    @discardableResult
    func send(_ json: String) throws -> String {
        let r = try shellRun([program, "--no-spawn", "--sockname=\(socket)", "-j", "--no-pretty"], cwd: folder, env: TestServers.environment, stdin: json)
        guard !r.stdout.contains(#""error""#) else { throw SetupFailure("watchman: \(r.stdout)") }
        return r.stdout
    }

    /// `root`'s real path as a JSON string.
    private func quoted(_ root: URL) throws -> Substring {
        let path = FileManager.default.fileExists(atPath: root.path) ? (root.resolvingSymlinksInPath().path) : root.path
        return String(decoding: try JSONSerialization.data(withJSONObject: [path], options: [.withoutEscapingSlashes]), as: UTF8.self).dropFirst().dropLast()
    }

    /// `watch-del`: Watchman stops watching `root`.
    func unwatch(_ root: URL) throws {
        try send(#"["watch-del", \#(try quoted(root))]"#)
    }

    /// `debug-recrawl`, waiting until Watchman's answers carry the recrawl's warning.
    func recrawl(_ root: URL) throws {
        let quoted = try quoted(root)
        try send(#"["debug-recrawl", \#(quoted)]"#)
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while !(try send(#"["query", \#(quoted), {"expression": ["name", "no-such-name"], "fields": ["name"]}]"#)).contains("warning") {
            guard ContinuousClock.now < deadline else { throw SetupFailure("the recrawl gave no warning: \(log)") }
            usleep(50_000)
        }
    }
}
