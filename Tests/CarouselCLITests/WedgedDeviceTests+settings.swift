import Foundation
import XCTest

/// Issue 52: the incoming tree is judged by the incoming settings. A peer's broken TaskNotes
/// settings or carousel.yaml stopped every command once taken; a `{}` moved the cards folder
/// and every card vanished; `cards_folder: stuff` with `stuff -> /elsewhere` was judged by the
/// old layout, taken, and then every command stopped. Each is refused, naming the commit, its
/// author and the file, and the device keeps working.
extension WedgedDeviceTests {
    /// `tree` with the file at `path` (folders made when missing) set to `text`.
    func place(_ peer: Sandbox, tree: String, path: String, text: String) throws -> String {
        let parts = path.split(separator: "/").map(String.init)
        let name = parts.last!
        func exists(_ depth: Int) throws -> Bool {
            if depth == 0 { return true }
            return try peer.git(["cat-file", "-e", "\(tree):\(parts[..<depth].joined(separator: "/"))"]).status == 0
        }
        // `inner` is the content of the folder `parts[..<depth]`.
        var inner = try mallory(peer, ["mktree"], input: "100644 blob \(try blob(peer, text))\t\(name)\n")
        var depth = parts.count - 1
        if try exists(depth) { return try edit(peer, tree: tree, path: path, lines: ["100644 blob \(try blob(peer, text))\t\(name)"]) }
        while true {
            let entry = "040000 tree \(inner)\t\(parts[depth - 1])"
            if try exists(depth - 1) { return try edit(peer, tree: tree, path: parts[..<depth].joined(separator: "/"), lines: [entry]) }
            inner = try mallory(peer, ["mktree"], input: entry + "\n")
            depth -= 1
        }
    }

    func testBrokenTaskNotesSettingsFromAPeerAreRefusedAndTheRevertHeals() throws {
        let s = try scene()
        let tree = try place(s.peer, tree: "HEAD^{tree}", path: TaskNotesPath.dataJSON, text: "{\"tasksFolder\": \n")
        let culprit = try push(s.peer, tree: tree, message: "Obsidian settings")
        try assertRefusedThenHealed(s, culprit: culprit, saying: ".obsidian/plugins/tasknotes/data.json does not read")
    }

    func testEmptyTaskNotesSettingsThatWouldMoveTheCardsAwayAreRefused() throws {
        let s = try scene()
        let tree = try place(s.peer, tree: "HEAD^{tree}", path: TaskNotesPath.dataJSON, text: "{}\n")
        let culprit = try push(s.peer, tree: tree, message: "Reset TaskNotes")
        try assertRefusedThenHealed(s, culprit: culprit, saying: "names TaskNotes/Tasks as the cards folder")
    }

    func testABrokenCarouselYamlFromAPeerIsRefusedAndTheRevertHeals() throws {
        let s = try scene()
        let tree = try edit(s.peer, tree: "HEAD^{tree}", path: "carousel.yaml",
                            lines: ["100644 blob \(try blob(s.peer, "budget: [10\n"))\tcarousel.yaml"])
        let culprit = try push(s.peer, tree: tree, message: "Budget")
        try assertRefusedThenHealed(s, culprit: culprit, saying: "carousel.yaml does not read")
    }

    func testACardsFolderSettingPushedWithALinkOutIsRefused() throws {
        let s = try scene()
        let settings = try s.peer.read("carousel.yaml") + "cards_folder: stuff\n"
        var tree = try edit(s.peer, tree: "HEAD^{tree}", path: "carousel.yaml",
                            lines: ["100644 blob \(try blob(s.peer, settings))\tcarousel.yaml"])
        tree = try edit(s.peer, tree: tree, path: "stuff", lines: ["120000 blob \(try blob(s.peer, s.sentinel.folder.path))\tstuff"])
        let culprit = try push(s.peer, tree: tree, message: "Move the cards")
        try assertRefusedThenHealed(s, culprit: culprit, saying: "stuff is a link out of the vault")
    }

    /// Taken by plain `git pull`: every command stops at the link, and `doctor` says so without
    /// listing the outside folder's files.
    func testDoctorNeverListsTheFilesOfACardsFolderLinkedOut() throws {
        let s = try scene()
        let settings = try s.peer.read("carousel.yaml") + "cards_folder: stuff\n"
        var tree = try edit(s.peer, tree: "HEAD^{tree}", path: "carousel.yaml",
                            lines: ["100644 blob \(try blob(s.peer, settings))\tcarousel.yaml"])
        tree = try edit(s.peer, tree: tree, path: "stuff", lines: ["120000 blob \(try blob(s.peer, s.sentinel.folder.path))\tstuff"])
        try push(s.peer, tree: tree, message: "Move the cards")
        XCTAssertEqual(try s.laptop.git(["pull", "-q", "--ff-only"]).status, 0, "plain git takes it")
        let doctor = try run(s.laptop, ["doctor"], limit: 20)
        XCTAssertTrue(doctor.stdout.contains("stuff is a link"), doctor.stdout)
        XCTAssertFalse(doctor.stdout.contains("secret"), doctor.stdout)
        let list = try run(s.laptop, ["list", "--json"])
        XCTAssertFalse(list.stdout.contains("SENTINEL") || list.stderr.contains("secret.md"), list.stdout + list.stderr)
    }
}

enum TaskNotesPath {
    static let dataJSON = ".obsidian/plugins/tasknotes/data.json"
}

extension WedgedDeviceTests {
    /// Settings that move the cards folder where the tree has it are taken, and sync says so.
    func testACardsFolderMovedWithItsCardsIsTakenAndSaid() throws {
        let s = try scene()
        try mallory(s.peer, ["mv", "cards", "tasks"])
        try s.peer.write("carousel.yaml", try s.peer.read("carousel.yaml") + "cards_folder: tasks\n")
        try mallory(s.peer, ["commit", "-q", "-am", "Cards live in tasks/"])
        try mallory(s.peer, ["push", "-q", "origin", "HEAD:main"])
        let a = s.laptop
        let sync = try run(a, ["sync", "--json"])
        XCTAssertEqual(sync.status, 0, sync.stderr)
        XCTAssertTrue(sync.stdout.contains("the cards folder is now tasks/"), sync.stdout)
        let list = try run(a, ["list", "--json"])
        XCTAssertTrue(list.stdout.contains("Honest work"), list.stdout)
        try assertStillWorks(a, round: "moved", syncSucceeds: true)
    }
}
