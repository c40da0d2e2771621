import XCTest

final class ImportTests: XCTestCase {
    func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }

    func testTodoTxtImportsOnceInOneCommit() throws {
        let s = try Sandbox()
        try s.initVault()
        let before = try s.log().count
        let r = try s.carousel(["import", "--from", "todotxt", fixture("todo.txt")])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try s.log().count, before + 1)
        XCTAssertEqual(try s.log().first, "import: 7 cards from todo.txt")
        let report = try s.read("cards/finish-the-quarterly-report.md")
        for line in ["importance: 5", "category: Work", "tags: [office]", "due: 2026-11-26", "created: 2026-11-18", "import_key: "] {
            XCTAssertTrue(report.contains(line), "missing \(line) in\n\(report)")
        }
        XCTAssertTrue(try s.read("cards/renew-library-card.md").contains("done: 2026-11-20"))
        XCTAssertTrue(try s.read("cards/pay-the-water-bill.md").contains("importance: 3"))
        let plants = try s.read("cards/water-the-plants.md")
        XCTAssertTrue(plants.contains("repeat: every week") && plants.contains("wait: 2026-11-20"), plants)
        let book = try s.read("cards/read-chapter-3-of-the-book.md")
        XCTAssertTrue(book.contains("todotxt_rec: fortnightly-ish") && book.contains("todotxt_id: \"7\""), book)
        XCTAssertTrue(r.stderr.contains("todo.txt:6: rec:fortnightly-ish"), r.stderr)
        XCTAssertTrue(try s.read("cards/email-jamie-about-the-offsite-https-example-com-offsite.md").contains("tags: [laptop, Team]"))
        let again = try s.carousel(["import", "--from", "todotxt", fixture("todo.txt")])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("Nothing new"), again.stdout)
        XCTAssertEqual(try s.log().count, before + 1)
        try s.assertClean()
    }

    func testTaskwarriorImportMapsTheExport() throws {
        let s = try Sandbox()
        try s.initVault()
        let r = try s.carousel(["import", "--from", "taskwarrior", fixture("taskwarrior-export.json"), "--json"], env: ["TZ": "UTC"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let added = try r.json()["added"] as? [[String: Any]] ?? []
        XCTAssertEqual(added.map { $0["title"] as? String }, ["Book dentist appointment", "Renew passport", "Stretch", "Plan the garden"])
        let dentist = try s.read("cards/book-dentist-appointment.md")
        for line in ["importance: 3", "category: Health", "tags: [admin, phone]", "due: 2026-11-26", "import_key: taskwarrior:4f2a9c1e"] {
            XCTAssertTrue(dentist.contains(line), "missing \(line) in\n\(dentist)")
        }
        let passport = try s.read("cards/renew-passport.md")
        XCTAssertTrue(passport.contains("done: 2026-11-20T14:15") && passport.contains("- 2026-11-05: Photos are in the top drawer"), passport)
        XCTAssertTrue(try s.read("cards/stretch.md").contains("repeat: every day"))
        let garden = try s.read("cards/plan-the-garden.md")
        XCTAssertTrue(garden.contains("taskwarrior_estimate: 2h") && garden.contains("start: 2026-12-01"), garden)
        let count = try s.log().count
        let again = try s.carousel(["import", "--from", "taskwarrior", fixture("taskwarrior-export.json"), "--json"])
        XCTAssertEqual((try again.json()["already_there"]) as? Int, 4)
        XCTAssertEqual(try s.log().count, count)
        try s.assertClean()
    }

    func testBadInputWritesNothing() throws {
        let s = try Sandbox()
        try s.initVault()
        let count = try s.log().count
        let object = s.root.appendingPathComponent("obj.json")
        try "{\"description\": \"x\"}".write(to: object, atomically: false, encoding: .utf8)
        let r2 = try s.carousel(["import", "--from", "taskwarrior", object.path])
        XCTAssertTrue(r2.stderr.contains("expected a JSON array"), r2.stderr)
        let r3 = try s.carousel(["import", "--from", "todotxt", s.root.appendingPathComponent("missing.txt").path])
        XCTAssertTrue(r3.stderr.contains("cannot read"), r3.stderr)
        XCTAssertEqual(try s.log().count, count)
        try s.assertClean()
    }

    /// A source far larger than a person's list is refused before anything is read or written,
    /// with the limit named: by its size (a million todo.txt lines), or by its count of items.
    func testASourceOverTheLimitsIsRefusedUpFrontWithTheLimitNamed() throws {
        let s = try Sandbox()
        try s.initVault()
        let head = try s.git(["rev-parse", "HEAD"]).stdout
        let huge = s.root.appendingPathComponent("huge.txt")
        let line = "(A) 2026-11-01 Task +proj @home due:2026-12-01 " + String(repeating: "x", count: 60) + "\n"
        let handle = try { _ = FileManager.default.createFile(atPath: huge.path, contents: nil); return try FileHandle(forWritingTo: huge) }()
        let block = Data(String(repeating: line, count: 10_000).utf8)
        for _ in 0..<((17 << 20) / block.count + 1) { handle.write(block) }
        try handle.close()
        let big = try s.carousel(["import", huge.path])
        XCTAssertEqual(big.status, 1, big.stderr)
        XCTAssertTrue(big.stderr.contains("is larger than 16 MB, more than one import takes. Nothing was imported."), big.stderr)
        XCTAssertTrue(big.stderr.contains("split -l 5000"), big.stderr)

        let many = s.root.appendingPathComponent("many.txt")
        try Data((1...5_001).map { "Task \($0)\n" }.joined().utf8).write(to: many)
        let count = try s.carousel(["import", many.path])
        XCTAssertEqual(count.status, 1, count.stderr)
        XCTAssertTrue(count.stderr.contains("holds 5001 items, more than the 5000 one import takes"), count.stderr)
        XCTAssertEqual(try s.git(["rev-parse", "HEAD"]).stdout, head, "nothing committed")
        XCTAssertEqual(try s.git(["status", "--porcelain"]).stdout, "")
    }
}
