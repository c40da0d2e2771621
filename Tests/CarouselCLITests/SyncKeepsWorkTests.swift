import Foundation
import XCTest

/// Work acknowledged on two devices the same day survives the merge: habit amounts add up and
/// focus sessions are kept as a list, by `sync` in either order and by plain `git pull`.
final class SyncKeepsWorkTests: XCTestCase {
    let walk = "---\nid: 01JWALK\ntitle: Walk\nunit: count\ntarget: 5\nlog:\n  2026-11-20: 1\n---\n"

    func sync(_ s: Sandbox, file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try s.carousel(["sync", "--json"])
        XCTAssertEqual(r.status, 0, "sync failed: \(r.stderr)", file: file, line: line)
    }

    func check(_ s: Sandbox, _ amount: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try s.carousel(["check", "walk", amount])
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
    }

    /// Two devices with the walk habit, both in step with the remote.
    func twoDevices(_ world: SyncWorld) throws -> (Sandbox, Sandbox) {
        let a = try world.firstDevice(name: "laptop")
        try a.write("habits/walk.md", walk)
        try sync(a)
        let b = try world.clone(name: "phone")
        return (a, b)
    }

    func testOneAndTwoLoggedOnTwoDevicesTheSameDayGiveThreeWhicheverSyncsFirst() throws {
        for laptopFirst in [true, false] {
            let world = try SyncWorld("testOneAndTwo\(laptopFirst)")
            let (a, b) = try twoDevices(world)
            try check(a, "1")
            try check(b, "2")
            let (first, second) = laptopFirst ? (a, b) : (b, a)
            try sync(first)
            try sync(second)
            try sync(first)
            try world.assertConverged()
            for device in [a, b] {
                let habit = try device.read("habits/walk.md")
                XCTAssertTrue(habit.contains("\n  2026-11-23: 3\n"), habit)
                let json = try device.carousel(["check", "walk", "1", "--json"]).json()
                XCTAssertEqual(json["before"] as? String, "3", "laptop first: \(laptopFirst)")
                XCTAssertEqual(try device.git(["reset", "-q", "--hard", "HEAD~1"]).status, 0)
            }
        }
    }

    func testADayAlreadyLoggedBeforeAddsOnlyWhatEachDeviceAdded() throws {
        let world = try SyncWorld()
        let (a, b) = try twoDevices(world)
        try check(a, "2")
        try sync(a)
        try sync(b)
        try check(a, "1")
        try check(b, "3")
        try sync(a)
        try sync(b)
        try sync(a)
        try world.assertConverged()
        let habit = try a.read("habits/walk.md")
        XCTAssertTrue(habit.contains("\n  2026-11-23: 6\n"), habit)
    }

    func testPlainGitPullAddsUpTheDayThroughTheMergeDriver() throws {
        let world = try SyncWorld()
        let (a, b) = try twoDevices(world)
        XCTAssertEqual(try b.carousel(["setup"]).status, 0)
        try check(a, "1")
        try sync(a)
        try check(b, "2")
        let path = Sandbox.binary.deletingLastPathComponent().path + ":" + (b.environment["PATH"] ?? "")
        let pull = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", b.vault.path, "pull", "--no-rebase", "-q", "origin", "main"],
                                   env: b.environment.merging(["PATH": path]) { $1 }, cwd: b.root)
        XCTAssertEqual(pull.status, 0, pull.stderr)
        let habit = try b.read("habits/walk.md")
        XCTAssertTrue(habit.contains("\n  2026-11-23: 3\n"), habit)
        try b.assertClean()
    }

    func testTwoFocusSessionsTheSameDayOnTwoDevicesAreBothKept() throws {
        let world = try SyncWorld()
        let (a, b) = try twoDevices(world)
        XCTAssertEqual(try a.carousel(["focus", "--minutes-elapsed", "30"]).status, 0)
        XCTAssertEqual(try b.carousel(["focus", "25", "--minutes-elapsed", "15"]).status, 0)
        try sync(a)
        try sync(b)
        try sync(a)
        try world.assertConverged()
        let journal = try a.read("journal/2026/2026-11-23.md")
        XCTAssertFalse(journal.contains("conflicts"), journal)
        let csv = try a.carousel(["export", "--format", "csv", "--kind", "focus"]).stdout
        XCTAssertEqual(csv.components(separatedBy: "\r\n").filter { $0.hasPrefix("2026-11-23,") }.count, 2, csv)
    }
}
