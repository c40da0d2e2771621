import Foundation
import XCTest

/// `carousel doctor` on a device wedged by plain git (or an older Carousel): it names the wedge,
/// and the commands its fix prints, run as printed, unwedge the device.
extension WedgedDeviceTests {
    /// Runs `doctor --json`; returns the findings of these kinds.
    func doctorFindings(_ a: Sandbox, kinds: Set<String>, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let r = try run(a, ["doctor", "--json"], limit: 20, file: file, line: line)
        let findings = (try r.json(file: file, line: line)["findings"] as? [[String: Any]]) ?? []
        return findings.filter { kinds.contains($0["kind"] as? String ?? "") }
    }

    /// Runs every command in backticks of each finding's fix, in order, with `sh` in the vault
    /// (`carousel …` commands are left to the test).
    func runFixes(_ a: Sandbox, _ findings: [[String: Any]], file: StaticString = #filePath, line: UInt = #line) throws {
        for finding in findings {
            let fix = finding["fix"] as? String ?? ""
            let commands = fix.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            XCTAssertFalse(commands.isEmpty, "no command in: \(fix)", file: file, line: line)
            for command in commands where !command.hasPrefix("carousel ") {
                let r = try Sandbox.run(URL(fileURLWithPath: "/bin/sh"), ["-c", command], env: a.environment, cwd: a.vault)
                XCTAssertEqual(r.status, 0, "`\(command)`: \(r.stderr)", file: file, line: line)
            }
        }
    }

    static let wedgeKinds: Set<String> = ["gitlink", "half_done_sync", "kind_on_disk", "special_file"]

    /// After the fix: doctor finds no wedge, and `add`, `set`, `done` and `sync` work.
    func assertUnwedged(_ a: Sandbox, syncSucceeds: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try doctorFindings(a, kinds: Self.wedgeKinds).count, 0, file: file, line: line)
        try assertStillWorks(a, round: "fixed", syncSucceeds: syncSucceeds, file: file, line: line)
    }

    func testDoctorFindsASubmodulePulledByPlainGitAndItsFixWorks() throws {
        let s = try scene()
        let head = try mallory(s.peer, ["rev-parse", "HEAD"])
        var tree = try edit(s.peer, tree: "HEAD^{tree}", path: "cards/sub", lines: ["160000 commit \(head)\tsub"])
        tree = try edit(s.peer, tree: tree, path: ".gitmodules",
                        lines: ["100644 blob \(try blob(s.peer, "[submodule \"sub\"]\n\tpath = cards/sub\n\turl = ./sub\n"))\t.gitmodules"])
        try push(s.peer, tree: tree, message: "Add a submodule")
        let a = s.laptop
        XCTAssertEqual(try a.git(["pull", "-q", "--ff-only"]).status, 0, "plain git takes it")
        let found = try doctorFindings(a, kinds: Self.wedgeKinds)
        XCTAssertEqual(found.compactMap { $0["path"] as? String }, ["cards/sub", ".gitmodules"], "\(found)")
        let text = try run(a, ["doctor"], limit: 20)
        XCTAssertEqual(text.status, 1)
        XCTAssertTrue(text.stdout.contains("cards/sub is a submodule (a gitlink) in git's index"), text.stdout)
        XCTAssertFalse(text.stdout.contains("All clear"), text.stdout)
        try runFixes(a, found)
        try assertUnwedged(a, syncSucceeds: true)
        try assertFsckClean(a, except: [])
    }

    func testDoctorFindsASyncStoppedHalfWayAndItsFixWorks() throws {
        let s = try scene()
        let tree = try edit(s.peer, tree: "HEAD^{tree}", path: "cards", lines: ["100644 blob \(try blob(s.peer, "flat\n"))\tcards"])
        try push(s.peer, tree: tree, message: "Flatten cards")
        let a = s.laptop
        // What an older sync left: the index and the files moved to the peer's tree, HEAD did not.
        XCTAssertEqual(try a.git(["fetch", "-q", "origin"]).status, 0)
        XCTAssertEqual(try a.git(["read-tree", "-u", "-m", "HEAD", "origin/main"]).status, 0)
        XCTAssertNotEqual(try run(a, ["add", "Wedged"]).status, 0, "the wedge: every change fails")
        let found = try doctorFindings(a, kinds: Self.wedgeKinds)
        XCTAssertEqual(found.compactMap { $0["kind"] as? String }, ["half_done_sync"], "\(found)")
        XCTAssertEqual(found.first?["path"] as? String, "cards")
        try runFixes(a, found)
        XCTAssertTrue(try a.read("cards/honest-work.md").contains("Honest work"))
        try assertUnwedged(a, syncSucceeds: false)  // the peer's tree is still refused, cleanly
        try revert(s.peer)
        try assertHealed(s)
    }

    func testDoctorFindsAFolderWhereGitHasAFileAndItsFixWorks() throws {
        let s = try scene()
        let a = s.laptop
        let card = a.vault.appendingPathComponent("cards/honest-work.md")
        let text = try a.read("cards/honest-work.md")
        try FileManager.default.removeItem(at: card)
        try a.write("cards/honest-work.md/stray.txt", "stray\n")
        let found = try doctorFindings(a, kinds: Self.wedgeKinds)
        XCTAssertEqual(found.compactMap { $0["kind"] as? String }, ["kind_on_disk"], "\(found)")
        try runFixes(a, found)
        XCTAssertEqual(try a.read("cards/honest-work.md"), text)
        XCTAssertEqual(try a.read("cards/honest-work.md.aside/stray.txt"), "stray\n", "nothing of the person's is lost")
        try FileManager.default.removeItem(at: a.vault.appendingPathComponent("cards/honest-work.md.aside"))
        try assertUnwedged(a, syncSucceeds: true)
    }

    func testDoctorFindsAFifoInTheVaultWithinSecondsAndItsFixWorks() throws {
        let s = try scene()
        let a = s.laptop
        XCTAssertEqual(mkfifo(a.vault.appendingPathComponent("cards/pipe.md").path, 0o600), 0)
        let found = try doctorFindings(a, kinds: Self.wedgeKinds)
        XCTAssertEqual(found.compactMap { $0["path"] as? String }, ["cards/pipe.md"], "\(found)")
        XCTAssertEqual(try run(a, ["list"], limit: 20).status, 0, "a FIFO never blocks a view")
        try runFixes(a, found)
        XCTAssertNil(lstatKind(a.vault.appendingPathComponent("cards/pipe.md")))
        try assertUnwedged(a, syncSucceeds: true)
    }
}
