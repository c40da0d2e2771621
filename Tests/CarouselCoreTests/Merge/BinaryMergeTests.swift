import XCTest
@testable import CarouselCore

final class BinaryMergeTests: XCTestCase {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0xFF, 0x00, 0x10]
    let other: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0xFE, 0x01]

    func testAttachmentsAndNonUTF8FilesAreNeverMergedAsText() {
        XCTAssertTrue(BinaryMerge.isBinary(path: "attachments/ID/notes.txt", ours: Array("a\n".utf8), theirs: Array("b\n".utf8)))
        XCTAssertTrue(BinaryMerge.isBinary(path: "notes/x.dat", ours: png, theirs: nil))
        XCTAssertFalse(BinaryMerge.isBinary(path: "notes/x.txt", ours: Array("a\n".utf8), theirs: Array("b\n".utf8)))
    }

    func testAClashKeepsBothVersionsWholeUnderTwoNames() {
        let merged = TryMerge.run(paths: ["attachments/ID/photo.png"], base: [:],
                                  ours: ["attachments/ID/photo.png": png], theirs: ["attachments/ID/photo.png": other], rule: .ours)
        XCTAssertEqual(merged.writes.count, 1, "ours stays, theirs is added beside it")
        XCTAssertEqual(merged.writes[0].bytes, other)
        XCTAssertTrue(merged.writes[0].path.hasPrefix("attachments/ID/photo-"), merged.writes[0].path)
        XCTAssertTrue(merged.writes[0].path.hasSuffix(".png"))
        XCTAssertTrue(merged.notes[0].message.contains(merged.writes[0].path))

        let flipped = TryMerge.run(paths: ["attachments/ID/photo.png"], base: [:],
                                   ours: ["attachments/ID/photo.png": other], theirs: ["attachments/ID/photo.png": png], rule: .theirs)
        XCTAssertEqual(Set(flipped.writes.map(\.path)), Set(merged.writes.map(\.path) + ["attachments/ID/photo.png"]),
                       "whichever device merges, the same two names hold the same two files")
    }

    func testABinaryChangedOnOneSideArrivesByteForByte() {
        let merged = TryMerge.run(paths: ["attachments/ID/photo.png"], base: ["attachments/ID/photo.png": png],
                                  ours: ["attachments/ID/photo.png": png], theirs: ["attachments/ID/photo.png": other], rule: .ours)
        XCTAssertEqual(merged.writes.map(\.bytes), [other])
        XCTAssertNil(merged.writes[0].text)
    }
}

/// Runs `TreeMerge` over in-memory sides.
enum TryMerge {
    static func run(paths: [String], base: [String: [UInt8]], ours: [String: [UInt8]], theirs: [String: [UInt8]], rule: ClashRule) -> TreeMerge.Outcome {
        (try? TreeMerge.merge(paths: paths, base: { base[$0] }, ours: { ours[$0] }, theirs: { theirs[$0] }, rule: rule,
                              labels: ("this device", "the other device"))) ?? TreeMerge.Outcome()
    }
}
