import Foundation
import XCTest

/// The league ranks you and friends' vaults (fetched read-only) by the same XP rules.
final class LeagueTests: XCTestCase {
    /// A friend's vault with `tasks` cards done this week and one focus session, pushed to a bare repo.
    func friend(_ s: Sandbox, _ name: String, tasks: Int, focus: Int?) throws -> URL {
        let dir = s.root.appendingPathComponent(name)
        let bare = s.root.appendingPathComponent(name + ".git")
        XCTAssertEqual(try s.carousel(["init", dir.path, "--no-tour"]).status, 0)
        for i in 0..<tasks {
            try s.carousel(["add", "Task \(i)", "--vault", dir.path], vaultFlag: false)
            try s.carousel(["done", "task-\(i)", "--vault", dir.path, "--today", "2026-11-24"], vaultFlag: false)
        }
        if let focus {
            XCTAssertEqual(try s.carousel(["focus", "--minutes-elapsed", "\(focus)", "--vault", dir.path, "--today", "2026-11-24"],
                                          vaultFlag: false).status, 0)
        }
        for args in [["init", "-q", "--bare", bare.path], ["-C", dir.path, "push", "-q", bare.path, "main"]] {
            let r = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + args, env: s.environment, cwd: s.root)
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        return bare
    }

    func testFriendsAreRankedByXPThenTieBreaks() throws {
        let s = try Sandbox()
        s.today = "2026-11-26"
        try s.initVault()
        for i in 0..<3 {
            try s.carousel(["add", "Mine \(i)"])
            try s.carousel(["done", "mine-\(i)", "--today", "2026-11-24"])
        }
        let alice = try friend(s, "alice", tasks: 3, focus: 20)   // 30 XP, like you, but 20 focus minutes
        let bob = try friend(s, "bob", tasks: 5, focus: nil)       // 50 XP
        XCTAssertEqual(try s.carousel(["friend", "add", "alice", alice.path]).status, 0)
        XCTAssertEqual(try s.carousel(["friend", "add", "bob", "file://" + bob.path]).status, 0)

        let r = try s.carousel(["league", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try r.json()
        let members = try XCTUnwrap(json["members"] as? [[String: Any]])
        XCTAssertEqual(members.compactMap { $0["name"] as? String }, ["bob", "alice", "you"])
        XCTAssertEqual(members.compactMap { $0["xp"] as? Int }, [50, 30, 30])
        XCTAssertEqual(members.compactMap { $0["rank"] as? Int }, [1, 2, 3])
        XCTAssertEqual(members[1]["focus_minutes"] as? Int, 20)
        XCTAssertEqual(json["week_start"] as? String, "2026-11-23")
        try s.assertClean()
        // Friends are remotes we fetch from, never push to: their repositories are untouched.
        let bobLog = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", bob.path, "log", "--format=%s"],
                                     env: s.environment, cwd: s.root).stdout
        XCTAssertFalse(bobLog.contains("league"))
    }

    /// A friend added by a relative path (from the folder the person stands in) still works when
    /// `league` runs from another folder.
    func testAFriendAddedByARelativePathWorksFromAnywhere() throws {
        let s = try Sandbox()
        s.today = "2026-11-26"
        try s.initVault()
        _ = try friend(s, "carol", tasks: 2, focus: nil)
        let add = try s.carousel(["friend", "add", "carol", "carol.git", "--json"], cwd: s.root)
        XCTAssertEqual(add.status, 0, add.stderr)
        XCTAssertEqual(try add.json()["url"] as? String, s.root.appendingPathComponent("carol.git").standardizedFileURL.path)
        let elsewhere = s.home
        let r = try s.carousel(["league", "--json"], cwd: elsewhere)
        XCTAssertEqual(r.status, 0, r.stderr)
        let members = try XCTUnwrap(try r.json()["members"] as? [[String: Any]])
        XCTAssertEqual(members.first?["name"] as? String, "carol", r.stdout)
        XCTAssertEqual(members.first?["xp"] as? Int, 20)
    }

    func testAnUnreachableFriendIsReportedAndTheRestStillShows() throws {
        let s = try Sandbox()
        s.today = "2026-11-26"
        try s.initVault()
        let add = try s.carousel(["friend", "add", "ghost", s.root.appendingPathComponent("nowhere.git").path])
        XCTAssertEqual(add.status, 0)
        XCTAssertTrue(add.stderr.contains("could not fetch ghost"), add.stderr)
        let r = try s.carousel(["league", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("ghost"), r.stderr)
        let members = try XCTUnwrap(try r.json()["members"] as? [[String: Any]])
        XCTAssertEqual(members.compactMap { $0["name"] as? String }, ["you"])
    }

}
