import Foundation
import XCTest

/// `carousel caldav` against real servers started here (Radicale, Xandikos), with Python's
/// `caldav` client as the phone (`Tests/CalDAV/phone.py`).
final class CalDAVTests: XCTestCase {
    static let cards: [(String, String)] = [
        ("cards/call-the-dentist.md", """
            ---
            id: 01JCALDAV0DENTIST
            title: Call the dentist
            due: 2026-11-25T09:30
            tz: Europe/Berlin
            importance: 4
            tags: [health, phone]
            remind: 30m
            first_step: find the number
            ---
            Ask about the filling.

            """),
        ("cards/water-plants.md", """
            ---
            id: 01JCALDAV0PLANTS
            title: Water plants
            due: 2026-11-24
            ---

            """),
        ("cards/old-receipts.md", """
            ---
            id: 01JCALDAV0RECEIPTS
            title: Sort old receipts
            due: 2026-11-30
            ---

            """),
        ("cards/dinner-with-sam.md", """
            ---
            id: 01JCALDAV0DINNER
            kind: event
            title: Dinner with Sam
            due: 2026-11-27T19:00
            tz: Europe/Berlin
            duration: 2h
            remind: 1h
            ---

            """),
        ("cards/someday.md", """
            ---
            id: 01JCALDAV0SOMEDAY
            title: Learn the banjo
            ---

            """),
    ]

    func makeVault(_ name: String = #function) throws -> Sandbox {
        let s = try Sandbox(name)
        try s.initVault()
        for (path, text) in Self.cards { try s.write(path, text) }
        try s.git(["add", "-A"])
        try s.git(["-c", "user.name=Test Person", "-c", "user.email=test@example.invalid", "commit", "-q", "-m", "cards"])
        s.extraEnvironment["CAROUSEL_CALDAV_PASSWORD"] = CalDAVServer.password
        s.extraEnvironment["CAROUSEL_CALDAV_TIMEOUT"] = "20"
        return s
    }

    func sync(_ s: Sandbox, _ more: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let r = try s.carousel(["caldav", "sync", "--json"] + more, limit: 120)
        XCTAssertEqual(r.status, 0, "sync: \(r.stderr)", file: file, line: line)
        return try r.json(file: file, line: line)
    }

    func testRoundTripRadicale() throws { try roundTrip(.radicale) }
    func testRoundTripXandikos() throws { try roundTrip(.xandikos) }

    func roundTrip(_ kind: CalDAVServer.Kind) throws {
        let s = try makeVault("roundTrip\(kind.rawValue)")
        let server = try CalDAVServer(kind, root: s.root)
        let connect = try s.carousel(["caldav", "connect", server.url, "--user", CalDAVServer.user], limit: 60)
        XCTAssertEqual(connect.status, 0, connect.stderr)
        XCTAssertTrue(connect.stdout.contains("Connected"), connect.stdout)

        // Out: the dated cards as VTODOs, the event as a VEVENT, with zones and alarms.
        let first = try sync(s)
        XCTAssertEqual(first["sent"] as? Int, 4, "\(first)")
        var tasks = try server.items("Carousel")
        XCTAssertEqual(Set(tasks.keys), ["01JCALDAV0DENTIST@carousel", "01JCALDAV0PLANTS@carousel", "01JCALDAV0RECEIPTS@carousel"])
        let dentist = try XCTUnwrap(tasks["01JCALDAV0DENTIST@carousel"])
        XCTAssertEqual(dentist["kind"] as? String, "VTODO")
        let due = try XCTUnwrap(dentist["due"] as? [String: Any])
        XCTAssertEqual(due["value"] as? String, "20261125T093000")
        XCTAssertEqual(due["tzid"] as? String, "Europe/Berlin")
        XCTAssertEqual(dentist["priority"] as? Int, 3)
        XCTAssertEqual(dentist["categories"] as? [String], ["health", "phone"])
        XCTAssertEqual(dentist["description"] as? String, "First step: find the number\n\nAsk about the filling.")
        XCTAssertEqual(dentist["alarms"] as? [String], ["-PT30M"])
        let events = try server.items("Carousel events")
        let dinner = try XCTUnwrap(events["01JCALDAV0DINNER@carousel"])
        XCTAssertEqual(dinner["kind"] as? String, "VEVENT")
        XCTAssertEqual((dinner["start"] as? [String: Any])?["tzid"] as? String, "Europe/Berlin")
        XCTAssertEqual(dinner["alarms"] as? [String], ["-PT1H"])

        // A sync with nothing new: one request per collection, no commit, nothing sent.
        let head = try s.git(["rev-parse", "HEAD"]).stdout
        let quiet = try sync(s)
        XCTAssertEqual(quiet["requests"] as? Int, 2, "\(quiet)")
        XCTAssertEqual(quiet["sent"] as? Int, 0)
        XCTAssertEqual(try s.git(["rev-parse", "HEAD"]).stdout, head)

        // In: the phone ticks, edits, adds and deletes while the vault changes too.
        try server.phone("Carousel", ["tick", "01JCALDAV0DENTIST@carousel"])
        try server.phone("Carousel", ["edit", "01JCALDAV0PLANTS@carousel", "--title", "Water the plants", "--due", "2026-11-26"])
        try server.phone("Carousel", ["add", "--title", "Buy stamps", "--due", "2026-11-28", "--uid", "phone-stamps"])
        try server.phone("Carousel", ["delete", "01JCALDAV0RECEIPTS@carousel"])
        XCTAssertEqual(try s.carousel(["set", "water-plants", "importance=5"]).status, 0)
        let back = try sync(s)
        let commits = back["commits"] as? [String] ?? []
        XCTAssertTrue(commits.contains("done: Call the dentist"), "\(back)")
        XCTAssertTrue(commits.contains { $0.hasPrefix("set: Water the plants") }, "\(back)")
        XCTAssertTrue(commits.contains("add: Buy stamps"), "\(back)")
        XCTAssertEqual(back["deleted_on_phone"] as? [String], ["cards/old-receipts.md"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent("cards/old-receipts.md").path))
        let plants = try s.read("cards/water-plants.md")
        XCTAssertTrue(plants.contains("title: Water the plants") && plants.contains("due: 2026-11-26") && plants.contains("importance: 5"), plants)
        XCTAssertTrue(try s.read("cards/call-the-dentist.md").contains("done:"))
        let log = try s.log()
        XCTAssertTrue(log.contains("add: Buy stamps"), "\(log)")
        try s.assertClean()
        // The vault's importance went out; the phone's title stayed.
        tasks = try server.items("Carousel")
        XCTAssertEqual(tasks["01JCALDAV0PLANTS@carousel"]?["priority"] as? Int, 1)
        XCTAssertEqual(tasks["01JCALDAV0PLANTS@carousel"]?["summary"] as? String, "Water the plants")

        // Settled: the next syncs change nothing; the deleted reminder stays listed, not deleted.
        _ = try sync(s)
        let head2 = try s.git(["rev-parse", "HEAD"]).stdout
        let settled = try sync(s)
        XCTAssertEqual(settled["requests"] as? Int, 2, "\(settled)")
        XCTAssertEqual(settled["commits"] as? [String], [])
        XCTAssertEqual(settled["deleted_on_phone"] as? [String], ["cards/old-receipts.md"])
        XCTAssertEqual(try s.git(["rev-parse", "HEAD"]).stdout, head2)

        // A change in the vault alone (the account has nothing new) still goes out.
        XCTAssertEqual(try s.carousel(["set", "dinner-with-sam", "title=Dinner with Sam and Alex"]).status, 0)
        let local = try sync(s)
        XCTAssertEqual(local["sent"] as? Int, 1, "\(local)")
        XCTAssertEqual(try server.items("Carousel events")["01JCALDAV0DINNER@carousel"]?["summary"] as? String, "Dinner with Sam and Alex")

        // --send-back puts the deleted one back.
        let sentBack = try sync(s, ["--send-back"])
        XCTAssertEqual(sentBack["deleted_on_phone"] as? [String], [])
        XCTAssertNotNil(try server.items("Carousel")["01JCALDAV0RECEIPTS@carousel"])
    }

    func testWrongPasswordTLSAndMissingCollectionEndCleanly() throws {
        let s = try makeVault()
        let server = try CalDAVServer(.radicale, root: s.root)
        XCTAssertEqual(try s.carousel(["caldav", "connect", server.url, "--user", CalDAVServer.user], limit: 60).status, 0)
        let head = try s.git(["rev-parse", "HEAD"]).stdout
        let state = try s.read(".carousel/caldav.json")

        let wrong = try s.carousel(["caldav", "sync"], env: ["CAROUSEL_CALDAV_PASSWORD": "not-it"], limit: 60)
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.stderr.contains("refused phone's password"), wrong.stderr)

        // TLS to a server that speaks plain HTTP.
        let tls = try s.carousel(["caldav", "connect", "https://127.0.0.1:\(server.port)/", "--user", CalDAVServer.user], limit: 60)
        XCTAssertEqual(tls.status, 1)
        XCTAssertTrue(tls.stderr.contains("secure connection"), tls.stderr)
        XCTAssertEqual(try s.read(".carousel/caldav.json"), state)

        // The task list removed on the server.
        try s.write(".carousel/caldav.json", state.replacingOccurrences(of: "carousel-tasks/", with: "gone/"))
        let missing = try s.carousel(["caldav", "sync"], limit: 60)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("is missing"), missing.stderr)
        XCTAssertEqual(try s.git(["rev-parse", "HEAD"]).stdout, head)
        try s.assertClean()
    }

    /// A password file readable by others is refused; `doctor` names the account; `carousel
    /// sync` runs the CalDAV sync after the git sync.
    func testPasswordFileDoctorAndSync() throws {
        let s = try makeVault()
        s.extraEnvironment["CAROUSEL_CALDAV_PASSWORD"] = nil
        let server = try CalDAVServer(.radicale, root: s.root)
        let file = s.home.appendingPathComponent("caldav-password")
        try Data("\(CalDAVServer.password)\n".utf8).write(to: file)
        chmod(file.path, 0o644)
        let open = try s.carousel(["caldav", "connect", server.url, "--user", CalDAVServer.user, "--password-file", file.path], limit: 60)
        XCTAssertEqual(open.status, 2)
        XCTAssertTrue(open.stderr.contains("can be read by others"), open.stderr)
        chmod(file.path, 0o600)
        let r = try s.carousel(["caldav", "connect", server.url, "--user", CalDAVServer.user, "--password-file", file.path], limit: 60)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(try s.read(".carousel/caldav.json").contains(CalDAVServer.password))
        let doctor = try s.carousel(["doctor"])
        XCTAssertTrue(doctor.stdout.contains("CalDAV: phone at \(server.url), last sync never"), doctor.stdout)

        let remote = s.root.appendingPathComponent("remote.git")
        try shellRun(["git", "init", "-q", "--bare", remote.path], cwd: s.root)
        try s.git(["remote", "add", "origin", remote.path])
        let synced = try s.carousel(["sync"], limit: 120)
        XCTAssertEqual(synced.status, 0, synced.stderr)
        XCTAssertTrue(synced.stdout.contains("CalDAV: 0 changes from the account, 4 sent"), synced.stdout)
        XCTAssertEqual(try server.items("Carousel").count, 3)
    }

    func testSilentServerEndsWithinItsLimit() throws {
        try CalDAVServer.requirePython("socket")
        let s = try makeVault()
        let port = try GitDaemon.freePort()
        // Accepts connections and never answers.
        let silent = try DetachedServer([CalDAVServer.python, "-c", """
            import socket, time
            s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(("127.0.0.1", \(port))); s.listen(8)
            held = []
            while True:
                c, _ = s.accept(); held.append(c)
            """], cwd: s.root, port: port)
        defer { silent.stop() }
        let started = ContinuousClock.now
        let r = try s.carousel(["caldav", "connect", "http://127.0.0.1:\(port)/", "--user", "phone"],
                               env: ["CAROUSEL_CALDAV_TIMEOUT": "2"], limit: 60)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("did not answer within 2 s"), r.stderr)
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(30))
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent(".carousel/caldav.json").path))
    }
}
