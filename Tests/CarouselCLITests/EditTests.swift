import XCTest

final class EditTests: XCTestCase {
    func script(_ s: Sandbox, _ name: String, _ body: String) throws -> String {
        let url = s.root.appendingPathComponent(name)
        try ("#!/bin/sh\n" + body + "\n").write(to: url, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }

    func testAnEditorThatChangesFieldsCommitsThem() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        let editor = try script(s, "ed.sh", #"sed -i -e 's/^spoons: .*/spoons: 3/' -e 's/^tags: .*/tags: [family, phone]/' "$1""#)
        let r = try s.carousel(["edit", "call-mum"], env: ["EDITOR": editor])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try s.log().first, "edit: Call Mum (spoons, tags)")
        XCTAssertTrue(try s.read("cards/call-mum.md").contains("spoons: 3"))
        try s.assertClean()
    }

    func testAnEditorThatBreaksTheYAMLLeavesTheCardUnchanged() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        let before = try s.read("cards/call-mum.md")
        let count = try s.log().count
        let editor = try script(s, "break.sh", #"sed -i 's/^spoons: .*/spoons: [oops/' "$1""#)
        let r = try s.carousel(["edit", "call-mum"], env: ["EDITOR": editor])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("cards/call-mum.md:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("put back as it was"), r.stderr)
        XCTAssertEqual(try s.read("cards/call-mum.md"), before)
        XCTAssertEqual(try s.log().count, count)
        try s.assertClean()
    }

    func testEditorWithArgumentsAndNoChange() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        let r = try s.carousel(["edit", "call-mum"], env: ["EDITOR": "true --wait", "VISUAL": ""])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("No changes"))
    }

    func testCompleteRefsListsSlugs() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        let r = try s.carousel(["complete-refs"], env: [:])
        XCTAssertTrue(r.stdout.split(separator: "\n").contains("call-mum"), r.stdout + r.stderr)
    }
}
