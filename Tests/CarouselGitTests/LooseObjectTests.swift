import Foundation
import XCTest
@testable import CarouselGit

/// Loose objects written stored (zlib level 0) are objects git itself reads and hashes alike.
final class LooseObjectTests: XCTestCase {
    func testGitReadsStoredObjectsOfEverySize() throws {
        let (repo, home) = try makeRepository()
        let objects = repo.workdir + "/.git/objects"
        // Empty, one byte, exactly one stored block, one over, and several blocks.
        for size in [0, 1, 65_535, 65_536, 200_003] {
            let content = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
            let id = ObjectID(try LooseObject.write(content, type: "blob", objects: objects)).hex
            let path = repo.workdir + "/blob-\(size)"
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(content)))
            XCTAssertEqual(try git(["hash-object", path], in: repo.workdir, home: home).stdout, id + "\n", "size \(size)")
            XCTAssertEqual(try git(["cat-file", "-s", id], in: repo.workdir, home: home).stdout, "\(size)\n")
            let shown = Process()
            shown.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            shown.arguments = ["git", "-C", repo.workdir, "cat-file", "blob", id]
            let out = Pipe()
            shown.standardOutput = out
            try shown.run()
            let bytes = out.fileHandleForReading.readDataToEndOfFile()
            shown.waitForExit()
            XCTAssertEqual(Array(bytes), content, "size \(size)")
        }
        let fsck = try git(["fsck", "--strict"], in: repo.workdir, home: home)
        XCTAssertEqual(fsck.status, 0, fsck.stderr)
    }

    func testAnObjectAlreadyThereIsLeftAsItIs() throws {
        let (repo, home) = try makeRepository()
        try write("same\n", to: "a.txt", in: repo)
        let id = try git(["hash-object", "-w", "a.txt"], in: repo.workdir, home: home).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let path = repo.workdir + "/.git/objects/" + id.prefix(2) + "/" + id.dropFirst(2)
        let before = try FileManager.default.contentsOfDirectory(atPath: repo.workdir + "/.git/objects/" + id.prefix(2))
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
        let inode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
        let written = ObjectID(try LooseObject.write(Array("same\n".utf8), type: "blob", objects: repo.workdir + "/.git/objects")).hex
        XCTAssertEqual(written, id)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: repo.workdir + "/.git/objects/" + id.prefix(2)), before)
        // git's own (deflated) file, untouched.
        XCTAssertEqual(FileManager.default.contents(atPath: path), bytes)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int, inode)
        XCTAssertTrue(try FileManager.default.contentsOfDirectory(atPath: repo.workdir + "/.git/objects").allSatisfy { !$0.hasPrefix("tmp_") })
    }

    func testAdler32MatchesKnownValues() {
        XCTAssertEqual(LooseObject.adler32([]), 1)
        XCTAssertEqual(LooseObject.adler32(Array("Wikipedia".utf8)), 0x11E6_0398)
        // Long runs of 0xFF exercise the modulo between chunks.
        XCTAssertEqual(LooseObject.adler32([UInt8](repeating: 0xFF, count: 100_000)), 0x149A_302C)
    }
}
