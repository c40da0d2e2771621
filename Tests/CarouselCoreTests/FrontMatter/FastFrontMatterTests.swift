@testable import CarouselCore
import Yams
import XCTest

/// The fast path must read every file exactly as the full YAML parser does, or step aside.
final class FastFrontMatterTests: XCTestCase {
    /// Key, text and list items of each field, as the full parser sees them.
    func viaYams(_ doc: FrontMatterDocument) throws -> [String] {
        guard let root = try Yams.compose(yaml: doc.yaml), let map = root.mapping else { return [] }
        return map.map { k, v in describe(k.scalar!.string, v) }
    }

    func describe(_ key: String, _ v: Node) -> String {
        if let seq = v.sequence { return key + "=[" + seq.map { $0.scalar?.string ?? "?" }.joined(separator: "|") + "]" }
        let s = v.scalar!
        let null = (s.style == .plain || s.style == .any) && (s.string.isEmpty || s.string == "~" || s.string.lowercased() == "null")
        return key + "=" + (null ? "<null>" : s.string)
    }

    let samples = [
        "title: Call Mum\nspoons: 2\ntags: [family, phone]\ndue: 2026-11-24",
        "title: 'It''s fine'\nspoons: 3",
        "title: \"Say \\\"hi\\\"\"",
        "title: Reply to Jamie's email  # note\nimportance: 4 # high",
        "title: a:b\nkind: task",
        "title: Note: this",
        "title: \"quoted # not a comment\"",
        "tags: []\ndone:\nparent: ~",
        "tags: [a, , b]",
        "tags: [\"a,b\", c]",
        "title: &anchor x",
        "title: x\ntags:\n  - a\n  - b",
        "title: multi\n  line",
        "title: 50% off",
        "title: C# notes",
        "title: x #1",
        "emoji: 🎸\ntitle: Gig 🎸 night",
        "title: ends with colon:",
        "# only a comment\ntitle: x",
        "title: {a: 1}",
        "title: |\n  block",
        "created: 2026-11-09T09:01\ndone: 2026-11-23T10:30:00",
        "title: x\ttab",
    ]

    func testFastPathAgreesWithYamsOrStepsAside() throws {
        var fastCount = 0
        for text in samples {
            let doc = try FrontMatterDocument(text: "---\n" + text + "\n---\n")
            guard let fast = FastFrontMatter.parse(doc) else { continue }
            fastCount += 1
            XCTAssertEqual(fast.map { describe($0.key, $0.value) }, try viaYams(doc), text)
        }
        XCTAssertGreaterThan(fastCount, 8, "the fast path should take the common cases")
    }

    func testFieldPositionsMatch() throws {
        let doc = try FrontMatterDocument(text: "---\ntitle: X\nspoons:   seven\n---\n")
        let fast = try XCTUnwrap(FastFrontMatter.parse(doc))
        XCTAssertEqual(fast[1].line, 3)
        XCTAssertEqual(fast[1].column, 11)
    }
}
