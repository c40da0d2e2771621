import CarouselGit
import Foundation
import XCTest

/// SIGKILL at random points never loses an acknowledged change or corrupts the repository.
final class CrashTests: XCTestCase {
    enum Vault {
        static func slug(_ path: String) -> String {
            String((path.split(separator: "/").last ?? "").dropLast(3))
        }
    }

    /// A small deterministic generator, so a failure can be replayed.
    struct Seeded {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    func testKilledCommandsLoseNothingAcknowledged() throws {
        // 500 kills under `make stress`, 15 otherwise (the same seeded points every run).
        let kills = Stress.pick(full: 500, quick: 15)
        let s = try Sandbox()
        try s.initVault()
        var rng = Seeded(state: 42)
        // Kill anywhere from start-up to just after a typical command would have finished: timed
        // as the killed commands run, in a process of their own.
        var typical = 0.02
        s.inProcess = false
        defer { s.inProcess = true }
        for i in 0..<3 {
            // Elapsed time on a monotonic clock, not the calendar.
            let elapsed = try ContinuousClock().measure {
                XCTAssertEqual(try s.carousel(["add", "Calibration \(i)"]).status, 0)
            }
            typical = max(typical, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        var window = Int(typical * 1.8 * 1_000_000)
        let startWindow = window
        var recent: [Bool] = []         // whether each of the last runs finished (not killed)
        var finishedRuns = 0
        var added: [String] = []        // slugs whose `add` exited 0
        var finished: Set<String> = []  // slugs whose `done` exited 0
        var spoons: [String: Int] = [:] // last acknowledged `set spoons=`
        var killed = 0, attempts = 0
        // Enough finished adds to check, too: adds are a quarter of the commands, so a run whose
        // window stayed short could stop with only a few of them.
        while (killed < kills || finishedRuns < 10 || added.count <= 5), attempts < kills * 8 {
            attempts += 1
            var args: [String]
            // Adds until six are acknowledged (there must be cards to finish, set and pull, and
            // enough adds to check), then a mix.
            let op = added.count <= 5 ? 0 : rng.next(4)
            let n = attempts
            switch op {
            case 0: args = ["add", "Task \(n)", "--spoons", "\(rng.next(5) + 1)"]
            case 1: args = ["done", added[rng.next(added.count)]]
            case 2: args = ["set", added[rng.next(added.count)], "spoons=\(rng.next(5) + 1)"]
            default: args = ["pull", added[rng.next(added.count)]]
            }
            let p = try s.start(args)
            // Killed at a random moment, unless it has finished by then (no waiting past its end).
            let killAt = ContinuousClock.now.advanced(by: .microseconds(rng.next(window)))
            while p.isRunning, ContinuousClock.now < killAt { usleep(500) }
            if p.isRunning {
                kill(p.processIdentifier, SIGKILL)
            }
            p.waitForExit()
            if p.terminationReason == .uncaughtSignal {
                killed += 1
                // A killed change may still land (the next command recovers it), so a value set
                // by a killed `set` may replace the last acknowledged one.
                if op == 2 { spoons.removeValue(forKey: args[1]) }
            } else if p.terminationStatus == 0 {
                finishedRuns += 1
                switch op {
                case 0: added.append("task-\(n)")
                case 1: finished.insert(args[1])
                case 2: spoons[args[1]] = Int(args[2].dropFirst("spoons=".count))
                default: break
                }
            }
            // Keep about half the runs finishing whatever the machine's load: widen the window when
            // too many of the last ten were killed, narrow it when too few were. The share is of
            // the recent runs, not of all of them, and the window stays between a tenth and ten
            // times its start: a cumulative share let one slow minute of a busy machine widen it
            // without end, after which almost nothing was killed and the test ran for minutes.
            recent.append(p.terminationReason != .uncaughtSignal)
            if recent.count > 10 { recent.removeFirst() }
            if recent.count == 10 {
                let finishedShare = Double(recent.filter { $0 }.count) / 10
                if finishedShare < 0.35 { window = window * 5 / 4 } else if finishedShare > 0.65 { window = window * 4 / 5 }
                window = min(max(window, startWindow / 10), startWindow * 10)
            }
            if attempts % 15 == 0 { try checkRepository(s, added: added, finished: finished, spoons: spoons) }
        }
        XCTAssertGreaterThan(added.count, 5, "too few commands finished to check anything")
        XCTAssertGreaterThanOrEqual(killed, kills, "only \(killed) of \(attempts) runs were killed mid-flight")
        // The next command recovers whatever a killed one left, and the tree ends clean.
        XCTAssertEqual(try s.carousel(["add", "After the storm"]).status, 0)
        try s.assertClean()
        try checkRepository(s, added: added, finished: finished, spoons: spoons)
        let index = try s.carousel(["index", "--json"]).json()
        XCTAssertEqual(index["problems"] as? Int, 0)
        print("crash test: \(killed) kills survived in \(attempts) runs, \(added.count) acknowledged adds")
    }

    func checkRepository(_ s: Sandbox, added: [String], finished: Set<String>, spoons: [String: Int],
                         file: StaticString = #filePath, line: UInt = #line) throws {
        let fsck = try s.git(["fsck", "--strict", "--no-dangling"])
        XCTAssertEqual(fsck.status, 0, "fsck: \(fsck.stderr)", file: file, line: line)
        let tree = Set(try s.git(["ls-tree", "-r", "--name-only", "HEAD"]).stdout.split(separator: "\n").map(String.init))
        for slug in added {
            XCTAssertTrue(tree.contains("cards/\(slug).md"), "acknowledged add of \(slug) is not in HEAD", file: file, line: line)
        }
        // One `git grep` over HEAD instead of a process per card, so the check stays cheap.
        var doneFiles: Set<String> = [], spoonsAt: [String: Int] = [:]
        for line in try s.git(["grep", "-e", "^done: ", "-e", "^spoons: ", "HEAD", "--", "cards/"]).stdout.split(separator: "\n") {
            // HEAD:cards/task-3.md:spoons: 2
            let parts = line.split(separator: ":", maxSplits: 2)
            guard parts.count == 3 else { continue }
            let slug = Vault.slug(String(parts[1]))
            if parts[2].hasPrefix("done: ") { doneFiles.insert(slug) }
            if parts[2].hasPrefix("spoons: ") { spoonsAt[slug] = Int(parts[2].dropFirst("spoons: ".count)) }
        }
        for slug in finished {
            XCTAssertTrue(doneFiles.contains(slug), "acknowledged done of \(slug) is not in HEAD", file: file, line: line)
        }
        for (slug, value) in spoons {
            XCTAssertEqual(spoonsAt[slug], value, "acknowledged spoons=\(value) of \(slug) is not in HEAD", file: file, line: line)
        }
    }
}
