@testable import CarouselCore
import CarouselGit
import XCTest

/// The rules names and trees from a peer are judged by, without any file system.
final class BoundaryRulesTests: XCTestCase {
    func testNamesFromPeersThatCannotBePartOfAPath() {
        for bad in ["", "/../..", "..", "a/b", "a\\b", ".hidden", "a\u{0}b", "a\u{1}b", "tab\there", "x..y", "a\u{7F}"] {
            XCTAssertNotNil(PathName.problem(bad), bad.debugDescription)
        }
        for good in ["01JMINE", "01HZY3K8Q4W5E6R7T8Y9U0I1O2", "call-mum", "café_2", "a.b"] {
            XCTAssertNil(PathName.problem(good), good)
        }
        XCTAssertEqual(PathName.plainPart("zz/../../x"), "zzx")
        XCTAssertEqual(PathName.plainPart("/../.."), "")
    }

    func testPlainRelativePathsStayOutOfGitAndTheStateFolder() {
        XCTAssertTrue(PathName.isPlainRelativePath("cards/call-mum.md"))
        XCTAssertTrue(PathName.isPlainRelativePath(".gitignore"))
        // Absolute paths (`/etc/passwd`) are hostile inputs on purpose, never read.
        for bad in ["/etc/passwd", "cards/../../x", "cards//x.md", "./x", ".git/config", ".GIT/config", ".carousel/index.sqlite", "cards/a\u{1}.md", ""] {
            XCTAssertFalse(PathName.isPlainRelativePath(bad), bad.debugDescription)
        }
    }

    func testAnIdThatIsAPathIsReportedAtItsLine() {
        XCTAssertThrowsError(try CardParser.parse(text: "---\ntitle: Evil\nid: \"/../..\"\n---\n", path: "cards/evil.md")) { error in
            let d = error as? FileDiagnostic
            XCTAssertEqual(d?.line, 3)
            XCTAssertTrue(d?.message.contains("slash") ?? false, "\(String(describing: d))")
        }
        XCTAssertThrowsError(try CardParser.parse(text: "---\nid: \"a\\x01b\"\n---\n", path: "cards/c.md"))
        XCTAssertThrowsError(try HabitParser.parse(text: "---\nid: ../x\ntitle: H\n---\n", path: "habits/h.md"))
        XCTAssertNoThrow(try CardParser.parse(text: "---\nid: 01JMINE\n---\n", path: "cards/ok.md"))
    }

    func entry(_ path: String, _ mode: UInt32 = 0o100644, _ n: Int = 1) -> TreeEntry {
        TreeEntry(path: path, mode: mode, id: ObjectID(hex: String(format: "%040x", n))!)
    }

    func testIncomingTreesWithTheStateFolderOrLinkedVaultFoldersAreRefused() {
        let link = TreeEntry.linkMode
        // Link targets a peer could push, absolute ones included on purpose; nothing is followed.
        let targets = [2: "/tmp/elsewhere", 3: "../outside", 4: "../.git/config", 5: "call-mum.md", 6: "notes/cards", 7: "..", 8: "/etc/passwd"]
        let text: (TreeEntry) -> String? = { Int($0.id.hex, radix: 16).flatMap { targets[$0] } }
        func verdict(_ entries: [TreeEntry]) -> [String] {
            IncomingTree.findings(entries, linkTarget: text).map { "\($0.kind.rawValue) \($0.path) \($0.refuses)" }
        }
        XCTAssertEqual(verdict([entry(".carousel", link, 2)]), ["state_folder .carousel true"])
        XCTAssertEqual(verdict([entry(".carousel", TreeEntry.treeMode), entry(".carousel/index.sqlite")]), ["state_folder .carousel true"])
        XCTAssertEqual(verdict([entry(".carousel", link, 7)]), ["state_folder .carousel true"])
        XCTAssertEqual(verdict([entry("cards", link, 3)]), ["own_folder_link cards true"])
        XCTAssertEqual(verdict([entry("carousel.yaml", link, 8)]), ["own_folder_link carousel.yaml true"])
        XCTAssertEqual(verdict([entry("cards", link, 6)]), [], "a vault folder linked inside the vault is fine")
        XCTAssertEqual(verdict([entry("cards/leak.md", link, 4)]), ["link_leaves cards/leak.md false"])
        XCTAssertEqual(verdict([entry("cards/alias.md", link, 5)]), [])
        XCTAssertEqual(verdict([entry("cards/../x.md")]), ["unsafe_name cards/../x.md true"])
    }

    func testIncomingTreesThatWouldWedgeADeviceAreRefused() {
        func verdict(_ entries: [TreeEntry]) -> [String] {
            IncomingTree.findings(entries, linkTarget: { _ in nil }).filter(\.refuses).map { "\($0.kind.rawValue) \($0.path)" }
        }
        let folder = TreeEntry.treeMode
        XCTAssertEqual(verdict([entry("cards")]), ["file_for_folder cards"])
        XCTAssertEqual(verdict([entry("journal", folder), entry("journal/2026")]), ["file_for_folder journal/2026"])
        XCTAssertEqual(verdict([entry("carousel.yaml", folder)]), ["folder_for_file carousel.yaml"])
        XCTAssertEqual(verdict([entry("cards", folder), entry("cards/sub", TreeEntry.gitlinkMode)]), ["gitlink cards/sub"])
        XCTAssertEqual(verdict([entry(".gitmodules")]), ["gitmodules .gitmodules"])
        XCTAssertEqual(verdict([entry("cards", folder), entry("cards/a.md"), entry("cards/a.md", 0o100644, 2)]), ["duplicate_entry cards/a.md"])
        XCTAssertEqual(verdict([entry("cards", folder), entry("cards/" + String(repeating: "x", count: 256))]).map { String($0.prefix(16)) }, ["long_name cards/"])
        XCTAssertEqual(verdict([entry("cards", folder), entry("cards/" + String(repeating: "é", count: 126) + ".md")]), [], "255 bytes is fine")
        XCTAssertEqual(verdict([entry("cards", folder), entry("cards/a\nb.md"), entry("cards/\u{1B}[8m.md"), entry("cards/\u{9B}.md")]),
                       ["control_name cards/a\nb.md", "control_name cards/\u{1B}[8m.md", "control_name cards/\u{9B}.md"])
        XCTAssertEqual(verdict([entry("cards", folder), entry("cards/a.md", 0o100664)]), ["odd_mode cards/a.md"])
        XCTAssertEqual(verdict([entry("cards", folder), entry("cards/a.md", 0o100755), entry("notes", folder), entry("notes/x")]), [])
        // Kind changes count only when the incoming side made them.
        let head = [entry("notes", folder), entry("notes/x")], flat = [entry("notes")]
        XCTAssertEqual(IncomingTree.typeChanges(tip: flat, head: head, base: head).map(\.kind), [.folderToFile])
        XCTAssertEqual(IncomingTree.typeChanges(tip: head, head: flat, base: flat).map(\.kind), [.fileToFolder])
        XCTAssertEqual(IncomingTree.typeChanges(tip: head, head: flat, base: head), [], "this device made it a file")
        XCTAssertEqual(IncomingTree.shown("cards/a\nb\u{1B}.md"), "cards/a\\u{a}b\\u{1b}.md")
    }

    func testLinkTargetsAreJudgedByWhereTheyLead() {
        XCTAssertTrue(IncomingTree.staysInside(linkAt: "cards/alias.md", target: "other.md"))
        XCTAssertTrue(IncomingTree.staysInside(linkAt: "cards/alias.md", target: "../habits/x.md"))
        XCTAssertFalse(IncomingTree.staysInside(linkAt: "cards/leak.md", target: "../.git/config"))
        XCTAssertFalse(IncomingTree.staysInside(linkAt: "cards/leak.md", target: "../../secret"))
        XCTAssertFalse(IncomingTree.staysInside(linkAt: "cards/leak.md", target: "/etc/passwd"))
        XCTAssertFalse(IncomingTree.staysInside(linkAt: "cards/leak.md", target: "../.carousel/index.sqlite"))
        XCTAssertFalse(IncomingTree.staysInside(linkAt: ".carousel", target: ".."))
        XCTAssertFalse(IncomingTree.staysInside(linkAt: "cards", target: "."))
    }
}
