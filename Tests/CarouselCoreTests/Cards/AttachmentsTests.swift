import XCTest
@testable import CarouselCore

final class AttachmentsTests: XCTestCase {
    func testSafeNamesKeepLettersDigitsDotsAndDashes() {
        // The absolute and climbing paths are what a person or a peer may hand `attach`, on
        // purpose: only the last name is kept, made safe.
        XCTAssertEqual(Attachments.safeName("/home/x/My Ticket (final).pdf", taken: []), "My-Ticket-final.pdf")
        XCTAssertEqual(Attachments.safeName("../../.bashrc", taken: []), "bashrc")
        XCTAssertEqual(Attachments.safeName("a\u{0}b\nc.txt", taken: []), "a-b-c.txt")
        XCTAssertEqual(Attachments.safeName("...", taken: []), "file")
        XCTAssertEqual(Attachments.safeName("café ☕.png", taken: []), "café.png")
    }

    func testATakenNameGetsANumberWhateverItsCase() {
        XCTAssertEqual(Attachments.safeName("photo.png", taken: ["photo.png"]), "photo-2.png")
        XCTAssertEqual(Attachments.safeName("Photo.PNG", taken: ["photo.png", "Photo-2.PNG"]), "Photo-3.PNG")
        XCTAssertEqual(Attachments.safeName("README", taken: ["README"]), "README-2")
    }

    func testLinksAreRelativeToTheCardFile() {
        XCTAssertEqual(Attachments.link(cardPath: "cards/a.md", attachment: "attachments/ID/x.png"), "![x.png](../attachments/ID/x.png)")
        XCTAssertEqual(Attachments.link(cardPath: "cards/work/a.md", attachment: "attachments/ID/x.pdf"), "[x.pdf](../../attachments/ID/x.pdf)")
    }

    func testSizesReadAsPeopleSayThem() {
        XCTAssertEqual(Attachments.size(3), "3 bytes")
        XCTAssertEqual(Attachments.size(1024), "1 KB")
        XCTAssertEqual(Attachments.size(2 * 1024 * 1024), "2.0 MB")
        XCTAssertEqual(Attachments.size(60 * 1024 * 1024), "60 MB")
    }

    func testAnIDThatCannotNameAFolderHasNoAttachmentFolder() {
        XCTAssertNil(Attachments.folder(forID: "../x"))
        XCTAssertEqual(Attachments.folder(forID: "01ABC"), "attachments/01ABC")
    }
}
