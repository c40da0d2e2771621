import CarouselGit
import Foundation
import XCTest

/// The vault's own folders, its state folder and leftovers of killed saves, on one device.
final class VaultEdgeTests: XCTestCase {
    func makeOutside(_ s: Sandbox) throws -> URL {
        let outside = s.root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("cards"), withIntermediateDirectories: true)
        try Data("---\ntitle: SENTINEL card\n---\n".utf8).write(to: outside.appendingPathComponent("cards/secret.md"))
        try Data("budget: 12\n".utf8).write(to: outside.appendingPathComponent("carousel.yaml"))
        return outside
    }

    func outsideState(_ outside: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.subpathsOfDirectory(atPath: outside.path) {
            result[name] = FileManager.default.contents(atPath: outside.appendingPathComponent(name).path) ?? Data()
        }
        return result
    }

    func testLinkedCardsFolderAndSettingsLeadingOutAreRefused() throws {
        let s = try Sandbox()
        try s.initVault()
        let outside = try makeOutside(s)
        let before = try outsideState(outside)
        let fm = FileManager.default
        try fm.removeItem(at: s.vault.appendingPathComponent("cards"))
        try fm.createSymbolicLink(at: s.vault.appendingPathComponent("cards"), withDestinationURL: outside.appendingPathComponent("cards"))
        for args in [["list"], ["add", "New"], ["today"]] {
            let r = try s.carousel(args)
            XCTAssertEqual(r.status, 3, "\(args)")
            XCTAssertTrue(r.stderr.contains("cards is a link to a folder outside the vault"), r.stderr)
            XCTAssertFalse(r.stdout.contains("SENTINEL"))
        }
        try fm.removeItem(at: s.vault.appendingPathComponent("cards"))
        try fm.createDirectory(at: s.vault.appendingPathComponent("cards"), withIntermediateDirectories: true)
        try fm.removeItem(at: s.vault.appendingPathComponent("carousel.yaml"))
        try fm.createSymbolicLink(at: s.vault.appendingPathComponent("carousel.yaml"), withDestinationURL: outside.appendingPathComponent("carousel.yaml"))
        let r = try s.carousel(["add", "New"])
        XCTAssertEqual(r.status, 3)
        XCTAssertTrue(r.stderr.contains("carousel.yaml is a link to a file outside the vault"), r.stderr)
        XCTAssertEqual(try outsideState(outside), before)
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: s.root.path).sorted(), ["home", "outside", "vault"])
    }

    func testAStateFolderThatIsALinkOrAFileStopsEveryCommandAndDoctorExplains() throws {
        let s = try Sandbox()
        try s.initVault()
        let outside = try makeOutside(s)
        let before = try outsideState(outside)
        let state = s.vault.appendingPathComponent(".carousel")
        try FileManager.default.removeItem(at: state)
        try FileManager.default.createSymbolicLink(at: state, withDestinationURL: outside)
        XCTAssertEqual(try s.git(["status", "--porcelain"]).stdout, "", "the ignore rule must match a link")
        for args in [["list"], ["add", "New"], ["index"]] {
            let r = try s.carousel(args)
            XCTAssertEqual(r.status, 3, "\(args)")
            XCTAssertTrue(r.stderr.contains(".carousel is a link") && r.stderr.contains("rm .carousel"), r.stderr)
        }
        XCTAssertEqual(try outsideState(outside), before, "nothing may be written through the link")
        let doctor = try s.carousel(["doctor", "--json"])
        XCTAssertEqual(doctor.status, 1)
        let findings = try XCTUnwrap(try doctor.json()["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.first?["kind"] as? String, "state_folder")
        XCTAssertNotNil(findings.first?["fix"] as? String)

        try FileManager.default.removeItem(at: state)
        try Data("not a folder".utf8).write(to: state)
        XCTAssertEqual(try s.git(["status", "--porcelain"]).stdout, "", "the ignore rule must match a file")
        let r = try s.carousel(["list"])
        XCTAssertEqual(r.status, 3)
        XCTAssertTrue(r.stderr.contains(".carousel is a file"), r.stderr)
        try FileManager.default.removeItem(at: state)
        XCTAssertEqual(try s.carousel(["list"]).status, 0)
    }

    func testDoctorListsLinksBadIdsBrokenFilesAndRemotes() throws {
        let s = try Sandbox()
        try s.initVault()
        let clean = try s.carousel(["doctor", "--json"])
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)
        XCTAssertEqual(try clean.json()["problems"] as? Int, 0)
        try FileManager.default.createSymbolicLink(atPath: s.vault.appendingPathComponent("cards/leak.md").path, withDestinationPath: "../.git/config")
        try s.write("cards/evil.md", "---\nid: \"/../..\"\ntitle: Evil\n---\n")
        try s.write("cards/broken.md", "---\ntitle: [unclosed\n---\n")
        try s.write("cards/fine.md", "---\ntitle: Fine\n---\n")
        try s.git(["remote", "add", "origin", s.root.appendingPathComponent("missing.git").path])
        try s.git(["remote", "add", "far", "https://user:secret@example.invalid/v.git"])
        let r = try s.carousel(["doctor", "--json"])
        XCTAssertEqual(r.status, 1)
        let json = try r.json()
        let findings = try XCTUnwrap(json["findings"] as? [[String: Any]])
        let kinds = Set(findings.map { "\($0["kind"] as? String ?? "") \($0["path"] as? String ?? "")" })
        XCTAssertTrue(kinds.isSuperset(of: ["link cards/leak.md", "bad_id cards/evil.md", "unparsable cards/broken.md", "remote "]), "\(kinds)")
        XCTAssertEqual(findings.first { $0["kind"] as? String == "bad_id" }?["line"] as? Int, 2)
        let remotes = try XCTUnwrap(json["remotes"] as? [[String: Any]])
        XCTAssertEqual(remotes.map { $0["name"] as? String }, ["far", "origin"])
        XCTAssertEqual(remotes[0]["kind"] as? String, "network")
        XCTAssertFalse(r.stdout.contains("secret"), "credentials in a URL are not printed")
        XCTAssertEqual(remotes[1]["reachable"] as? Bool, false)
        let text = try s.carousel(["doctor"])
        XCTAssertTrue(text.stdout.contains("cards/leak.md is a link into the vault's .git/ folder"), text.stdout)
        XCTAssertFalse(text.stdout.contains("[core]"))
    }

    func testALocalLinkOutOfTheVaultIsNeverCommitted() throws {
        let s = try Sandbox()
        try s.initVault()
        let outside = try makeOutside(s)
        try FileManager.default.createSymbolicLink(atPath: s.vault.appendingPathComponent("cards/mine.md").path,
                                                   withDestinationPath: outside.appendingPathComponent("cards/secret.md").path)
        let r = try s.carousel(["add", "Real card"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try s.git(["ls-files", "cards/mine.md"]).stdout, "", "a link out of the vault is never staged")
        XCTAssertFalse(try s.git(["log", "-p", "--format=%B"]).stdout.contains("SENTINEL"))
    }

    /// A process that has exited: its id names a writer that is gone.
    static func finishedProcess() throws -> Process {
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitForExit()
        return gone
    }

    func testTemporaryFilesOfKilledSavesAreRemovedButNotThoseOfLiveOnes() throws {
        let s = try Sandbox()
        try s.initVault()
        let gone = try VaultEdgeTests.finishedProcess()
        let dead = "cards/.carousel-tmp-\(gone.processIdentifier)-1"
        let alive = "cards/.carousel-tmp-\(ProcessInfo.processInfo.processIdentifier)-2"
        try s.write(dead, "half a card")
        try s.write(alive, "being written")
        try s.write("journal/.carousel-tmp-\(gone.processIdentifier)-3", "half a day")
        XCTAssertEqual(try s.carousel(["add", "Next"]).status, 0)
        let fm = FileManager.default
        XCTAssertFalse(fm.fileExists(atPath: s.vault.appendingPathComponent(dead).path))
        XCTAssertFalse(fm.fileExists(atPath: s.vault.appendingPathComponent("journal/.carousel-tmp-\(gone.processIdentifier)-3").path))
        XCTAssertTrue(fm.fileExists(atPath: s.vault.appendingPathComponent(alive).path), "a live writer's file stays")
    }

    /// `cards/` is swept from the entries the index's refresh met, also when it reused the
    /// listing of an earlier walk and read no folder.
    func testTemporaryFilesInCardsAreRemovedWhenTheListingIsReused() throws {
        let s = try Sandbox()
        try s.initVault()
        let gone = try VaultEdgeTests.finishedProcess()
        let dead = ["cards/.carousel-tmp-\(gone.processIdentifier)-1", "cards/work/.carousel-tmp-\(gone.processIdentifier)-2"]
        let alive = "cards/work/.carousel-tmp-\(ProcessInfo.processInfo.processIdentifier)-3"
        try s.write("cards/work/report.md", "---\ntitle: Report\n---\n")
        for path in dead { try s.write(path, "half a card") }
        try s.write(alive, "being written")
        // A folder changed in the last two seconds is walked; after that its listing is reused.
        Thread.sleep(forTimeInterval: 2.3)
        try s.carousel(["list"])
        XCTAssertEqual(try s.carousel(["index", "--json"]).json()["folders"] as? Int, 0, "the listing is reused")
        XCTAssertEqual(try s.carousel(["add", "Next"]).status, 0)
        let fm = FileManager.default
        for path in dead { XCTAssertFalse(fm.fileExists(atPath: s.vault.appendingPathComponent(path).path), path) }
        XCTAssertTrue(fm.fileExists(atPath: s.vault.appendingPathComponent(alive).path), "a live writer's file stays")
        XCTAssertEqual(try s.git(["status", "--porcelain"]).stdout, "")
        XCTAssertTrue(try s.carousel(["list"]).stdout.contains("Report"))
    }

    func testAnOlderVaultGetsTheFullIgnoreRuleLocally() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write(".gitignore", ".carousel/\n.carousel-tmp-*\n")
        XCTAssertEqual(try s.carousel(["add", "Next"]).status, 0)
        XCTAssertTrue(try s.read(".git/info/exclude").contains("\n/.carousel\n"))
        try FileManager.default.removeItem(at: s.vault.appendingPathComponent(".carousel"))
        try FileManager.default.createSymbolicLink(atPath: s.vault.appendingPathComponent(".carousel").path, withDestinationPath: "/tmp")
        XCTAssertEqual(try s.git(["status", "--porcelain"]).stdout, "")
    }
}
