import Foundation
import XCTest

/// `carousel remind` against the built binary with a pinned time and a `notify-send` stand-in.
final class RemindTests: XCTestCase {
    func remind(_ s: Sandbox, _ now: String, _ extra: [String] = [], env: [String: String] = [:]) throws -> [[String: Any]] {
        let r = try s.carousel(["remind", "--json", "--now", now] + extra, env: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        return try r.json()["reminders"] as? [[String: Any]] ?? []
    }

    func slugs(_ list: [[String: Any]]) -> [String] { list.compactMap { $0["slug"] as? String } }

    func testOffsetShownOnceThenLateAfterAMissedStretch() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/call-the-dentist.md", "---\ntitle: Call the dentist\ndue: 2026-11-23T10:00\nremind: 30m\n---\n")
        XCTAssertEqual(slugs(try remind(s, "2026-11-23T09:29")), [])
        let first = try remind(s, "2026-11-23T09:30")
        XCTAssertEqual(slugs(first), ["call-the-dentist"])
        XCTAssertEqual(first.first?["at"] as? String, "2026-11-23T09:30")
        XCTAssertEqual(first.first?["late"] as? Bool, false)
        XCTAssertEqual(first.first?["kind"] as? String, "card")
        XCTAssertEqual(slugs(try remind(s, "2026-11-23T09:31")), [])
        // The record is local and never committed.
        XCTAssertTrue(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent(".carousel/reminders.json").path))
        XCTAssertFalse(try s.git(["status", "--porcelain", "--ignored=no"]).stdout.contains(".carousel"))

        let t = try Sandbox("late")
        try t.initVault()
        try t.write("cards/call-the-dentist.md", "---\ntitle: Call the dentist\ndue: 2026-11-23T10:00\nremind: 30m\n---\n")
        XCTAssertEqual(slugs(try remind(t, "2026-11-23T09:00")), [])
        let late = try remind(t, "2026-11-23T12:00")
        XCTAssertEqual(slugs(late), ["call-the-dentist"])
        XCTAssertEqual(late.first?["late"] as? Bool, true)
        XCTAssertEqual(slugs(try remind(t, "2026-11-23T12:01")), [])
    }

    func testCAROUSEL_NOWPinsTheTimeAndTextSaysLate() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/water-plants.md", "---\ntitle: Water the plants\ndue: 2026-11-23\nremind: \"08:00\"\n---\n")
        XCTAssertEqual(try s.carousel(["remind"], env: ["CAROUSEL_NOW": "2026-11-23T07:00"]).stdout, "")
        let r = try s.carousel(["remind"], env: ["CAROUSEL_NOW": "2026-11-23T09:00"])
        XCTAssertTrue(r.stdout.contains("Water the plants") && r.stdout.contains("(late)"), r.stdout)
        let bad = try s.carousel(["remind", "--now", "tomorrow-ish"])
        XCTAssertEqual(bad.status, 2, bad.stderr)
    }

    /// Only the cards whose files have `remind:` are read (the index knows which): a field added
    /// or removed in an editor after the index has seen the card counts at once.
    func testARemindAddedOrRemovedInAnEditorCountsAtOnce() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/call-the-bank.md", "---\ntitle: Call the bank\ndue: 2026-11-23T10:00\n---\n")
        try s.write("cards/book-a-table.md", "---\ntitle: Book a table\ndue: 2026-11-23T11:00\nremind: 30m\n---\n")
        XCTAssertEqual(slugs(try remind(s, "2026-11-23T09:00")), [])
        try s.write("cards/call-the-bank.md", "---\ntitle: Call the bank\ndue: 2026-11-23T10:00\nremind:\n  - \"09:15\"\n---\n")
        try s.write("cards/book-a-table.md", "---\ntitle: Book a table\ndue: 2026-11-23T11:00\n---\n")
        XCTAssertEqual(slugs(try remind(s, "2026-11-23T09:15")), ["call-the-bank"])
        XCTAssertEqual(slugs(try remind(s, "2026-11-23T10:30")), [], "book-a-table's remind: was removed")
    }

    func testRepeatingCardRemindsPerOpenOccurrenceOnly() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/stretch.md", "---\ntitle: Stretch\nrepeat: every day\nseries_start: 2026-11-20\ndue: 2026-11-24T10:00\ncompleted: [2026-11-23]\nremind: 30m\n---\n")
        XCTAssertEqual(slugs(try remind(s, "2026-11-23T09:30")), [], "today's occurrence is completed")
        let next = try remind(s, "2026-11-24T09:30")
        XCTAssertEqual(slugs(next), ["stretch"])
        XCTAssertEqual(next.first?["at"] as? String, "2026-11-24T09:30")
        XCTAssertEqual(slugs(try remind(s, "2026-11-24T09:45")), [])
    }

    func testDoneCardAndFinishedSeriesNeverRemind() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/post-letter.md", "---\ntitle: Post the letter\ndue: 2026-11-23T10:00\nremind: [30m, \"09:00\"]\ndone: 2026-11-22T18:00\n---\n")
        try s.write("cards/course.md", "---\ntitle: Course\nrepeat: every day until 2026-11-22\nseries_start: 2026-11-20\ndue: 2026-11-22T10:00\nremind: 30m\n---\n")
        XCTAssertEqual(slugs(try remind(s, "2026-11-23T08:00")), [])
        XCTAssertEqual(slugs(try remind(s, "2026-11-23T09:40")), [])
    }

    func testHabitRemindsOnScheduledDayUntilTargetMet() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("habits/walk.md", "---\ntitle: Walk\nrepeat: every weekday\nremind: \"08:00\"\n---\n")
        XCTAssertEqual(slugs(try remind(s, "2026-11-23T08:00")), ["walk"])  // a Monday
        XCTAssertEqual(slugs(try remind(s, "2026-11-23T08:01")), [])
        XCTAssertEqual(slugs(try remind(s, "2026-11-22T08:00", env: [:])), [])  // a Sunday (earlier run: nothing new)
        try s.write("habits/walk.md", "---\ntitle: Walk\nrepeat: every weekday\nremind: \"08:00\"\nlog:\n  2026-11-24: 1\n---\n")
        XCTAssertEqual(slugs(try remind(s, "2026-11-24T08:00")), [], "target met before the time")
        let t = try Sandbox("sunday")
        try t.initVault()
        try t.write("habits/walk.md", "---\ntitle: Walk\nrepeat: every weekday\nremind: \"08:00\"\n---\n")
        XCTAssertEqual(slugs(try remind(t, "2026-11-22T08:00")), [])  // Sunday: not scheduled
    }

    func testCheckinNudgeOncePerDayAndNotifySend() throws {
        let s = try Sandbox()
        try s.initVault()
        var settings = try s.read("carousel.yaml")
        settings += "checkin_reminder: \"20:30\"\n"
        try s.write("carousel.yaml", settings)
        let bin = s.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = s.root.appendingPathComponent("notify.log")
        let fake = bin.appendingPathComponent("notify-send")
        try "#!/bin/sh\nfor a in \"$@\"; do printf '%s|' \"$a\" >> '\(log.path)'; done; echo >> '\(log.path)'\n".write(to: fake, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let path = ["PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
        XCTAssertEqual(slugs(try remind(s, "2026-11-23T20:29", ["--notify"], env: path)), [])
        let nudge = try remind(s, "2026-11-23T20:30", ["--notify"], env: path)
        XCTAssertEqual(nudge.first?["kind"] as? String, "checkin")
        XCTAssertEqual(slugs(try remind(s, "2026-11-23T21:00", ["--notify"], env: path)), [])
        XCTAssertEqual(nudge.count, 1)
        XCTAssertEqual(slugs(try remind(s, "2026-11-24T20:30", ["--notify"], env: path)), ["checkin"])
        let sent = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(sent.count, 2, sent.joined(separator: "\n"))
        XCTAssertTrue(sent[0].contains("Carousel check-in"), String(sent[0]))

        // Without notify-send on PATH it says so plainly.
        let bare = try s.carousel(["remind", "--notify", "--now", "2026-11-25T20:30"], env: ["PATH": "/nonexistent"])
        XCTAssertEqual(bare.status, 0, bare.stderr)
        XCTAssertTrue(bare.stderr.contains("notify-send is not installed"), bare.stderr)
        let badSetting = try s.carousel(["remind", "--now", "2026-11-25T20:30"])
        XCTAssertEqual(badSetting.status, 0)
        try s.write("carousel.yaml", settings.replacingOccurrences(of: "\"20:30\"", with: "\"8pm\""))
        let bad = try s.carousel(["remind", "--now", "2026-11-25T20:31"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("carousel.yaml") && bad.stderr.contains("checkin_reminder"), bad.stderr)
    }

    func testMalformedRemindIsReportedWithFileAndLineAndTheRestRemind() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/broken.md", "---\ntitle: Broken\ndue: 2026-11-23T10:00\nremind: soonish\n---\n")
        try s.write("cards/fine.md", "---\ntitle: Fine\ndue: 2026-11-23T10:00\nremind:\n  - 30m\n  - 25:00\n---\n")
        let r = try s.carousel(["remind", "--json", "--now", "2026-11-23T09:30"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("cards/broken.md:4:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("cards/fine.md:6:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("soonish"), r.stderr)
        XCTAssertEqual(slugs(try r.json()["reminders"] as? [[String: Any]] ?? []), ["fine"])
    }

    func testTwoVaultsKeepSeparateRecords() throws {
        let a = try Sandbox("a"), b = try Sandbox("b")
        for s in [a, b] {
            try s.initVault()
            try s.write("cards/call.md", "---\ntitle: Call\ndue: 2026-11-23T10:00\nremind: 30m\n---\n")
        }
        XCTAssertEqual(slugs(try remind(a, "2026-11-23T09:30")), ["call"])
        XCTAssertEqual(slugs(try remind(b, "2026-11-23T09:30")), ["call"])
        XCTAssertEqual(slugs(try remind(a, "2026-11-23T09:31")), [])
    }

    func testInstallWritesUnitsThatSystemdVerifies() throws {
        let s = try Sandbox()
        try s.initVault()
        let bin = s.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let calls = s.root.appendingPathComponent("systemctl.log")
        let fake = bin.appendingPathComponent("systemctl")
        try "#!/bin/sh\necho \"$@\" >> '\(calls.path)'\n".write(to: fake, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let env = ["PATH": bin.path + ":/usr/bin:/bin"]
        let r = try s.carousel(["remind", "--install"], env: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("Enabled"), r.stdout)
        let dir = s.home.appendingPathComponent("systemd/user")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        XCTAssertEqual(files.count, 2, "\(files)")
        XCTAssertTrue(try String(contentsOf: calls, encoding: .utf8).contains("--user enable --now carousel-remind-"))
        XCTAssertTrue(try s.carousel(["remind", "--status"], env: env).stdout.contains("Installed"))

        let analyze = "/usr/bin/systemd-analyze"
        if FileManager.default.isExecutableFile(atPath: analyze) {
            // Offline verify of the files themselves; the service's ExecStart (the built binary) must exist.
            // It needs a runtime directory, not a running systemd: a temporary one does.
            let runtime = s.root.appendingPathComponent("runtime")
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
            let v = try Sandbox.run(URL(fileURLWithPath: analyze), ["verify", "--user", "--man=no"] + files.map { dir.appendingPathComponent($0).path },
                                    env: s.environment.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 }, cwd: s.root)
            XCTAssertEqual(v.status, 0, v.stderr + v.stdout)
            XCTAssertFalse(v.stderr.contains(files[0]), v.stderr)
        } else {
            XCTFail("systemd-analyze is missing: make deps installs systemd")
        }
        let u = try s.carousel(["remind", "--uninstall"], env: env)
        XCTAssertTrue(u.stdout.contains("Removed"), u.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
        let cron = try s.carousel(["remind", "--install"], env: ["PATH": "/nonexistent"])
        XCTAssertTrue(cron.stdout.contains("* * * * * ") && cron.stdout.contains("remind --notify --vault"), cron.stdout)
    }
    /// `transition: 10m` reminds ten minutes before each fixed thing (a timed event, a card with a
    /// start time), once, in words that say why; a card that reminds at 10m already, once.
    func testTheTransitionWarningComesBeforeEachFixedThingOnce() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("carousel.yaml", (try s.read("carousel.yaml")) + "transition: 10m\n")
        for step in [["add", "--literal", "Dentist", "--kind", "event", "--due", "2026-11-23T14:00"],
                     ["add", "--literal", "Standup", "--due", "2026-11-23"], ["set", "standup", "start=2026-11-23T15:00", "remind=10m"],
                     ["add", "--literal", "Errand", "--due", "2026-11-23"]] {
            XCTAssertEqual(try s.carousel(step).status, 0, step.joined(separator: " "))
        }
        XCTAssertEqual(try remind(s, "2026-11-23T13:40").count, 0)
        let first = try remind(s, "2026-11-23T13:51")
        XCTAssertEqual(first.compactMap { $0["title"] as? String }, ["Dentist in 10 minutes: a good moment to start wrapping up"])
        XCTAssertEqual(try remind(s, "2026-11-23T13:55").count, 0, "shown once")
        let standup = try remind(s, "2026-11-23T14:51")
        XCTAssertEqual(standup.compactMap { $0["title"] as? String }, ["Standup"], "its own remind: 10m, once")
        try s.write("carousel.yaml", (try s.read("carousel.yaml")).replacingOccurrences(of: "transition: 10m", with: "transition: soon"))
        let bad = try s.carousel(["remind", "--now", "2026-11-23T15:00"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("transition must be a time before each fixed thing like 10m"), bad.stderr)
    }

}

final class RemindCaptureTests: XCTestCase {
    func testQuickCaptureAndSetReadRemind() throws {
        let s = try Sandbox()
        try s.initVault()
        let r = try s.carousel(["add", "Call the dentist tomorrow 10:00 remind 30m"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("remind 30m"), r.stdout)
        XCTAssertTrue(try s.read("cards/call-the-dentist.md").contains("remind: 30m"))
        let shown = try s.carousel(["remind", "--json", "--now", "2026-11-24T09:30"])
        XCTAssertEqual((try shown.json()["reminders"] as? [[String: Any]])?.first?["slug"] as? String, "call-the-dentist", shown.stdout)
        let bad = try s.carousel(["set", "call-the-dentist", "remind=soonish"])
        XCTAssertEqual(bad.status, 1, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("soonish"), bad.stderr)
    }

}
