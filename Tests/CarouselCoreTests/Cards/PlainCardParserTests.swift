@testable import CarouselCore
import Foundation
import XCTest

/// The fast path for plain cards (`PlainCardParser`, read by `CardReader`) gives exactly the
/// index row of the full parser (every column, the body, every diagnostic with its line and
/// column) or steps aside. Checked over the sample vault, the cards written by the tests, the
/// card fuzzer's corpus and thousands of generated variants.
final class PlainCardParserTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let stamp = FileStamp(size: 10, mtime: 20, inode: 30)

    /// The full path's row for these bytes, as `CardRow.read` makes it after `Vault.readText`.
    func fullRow(_ bytes: [UInt8], path: String) -> CardRow? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return CardRow.row(text: text, path: path, stamp: stamp)
    }

    /// The fast path's row, nil when it steps aside.
    func fastRow(_ bytes: [UInt8], path: String) -> CardRow? {
        guard let parsed = bytes.withUnsafeBufferPointer({ PlainCardParser.parse($0, path: path) }) else { return nil }
        var row = CardRow(path: path, stamp: stamp, card: parsed.card, diagnostics: [])
        row.body = parsed.body
        row.reminds = parsed.reminds
        return row
    }

    /// Asserts both paths agree on `bytes`; returns whether the fast path took them.
    @discardableResult
    func assertSame(_ bytes: [UInt8], path: String = "cards/work/some-card.md", _ what: String,
                    file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard let fast = fastRow(bytes, path: path) else { return false }
        guard let full = fullRow(bytes, path: path) else {
            XCTFail("the fast path read text that is not UTF-8: \(what)", file: file, line: line)
            return true
        }
        XCTAssertEqual(fast.arguments, full.arguments, "\(what): \(String(decoding: bytes, as: UTF8.self).debugDescription)", file: file, line: line)
        XCTAssertEqual(fast.card, full.card, what, file: file, line: line)
        XCTAssertEqual(full.diagnostics, [], what, file: file, line: line)
        return true
    }

    // MARK: - Inputs

    func sampleVault() throws -> [(String, [UInt8])] {
        let root = Self.packageRoot.appendingPathComponent("sample-vault")
        var out: [(String, [UInt8])] = []
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "md" else { continue }
            out.append((url.path, Array(try Data(contentsOf: url))))
        }
        return out
    }

    func fuzzCorpus() throws -> [(String, [UInt8])] {
        let dir = Self.packageRoot.appendingPathComponent("fuzz/corpus/fuzz-card")
        return try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted().map { name in
            (name, Array(try Data(contentsOf: dir.appendingPathComponent(name))))
        }
    }

    /// Every card text written as a string literal in the tests (`"---\n…"`, without interpolation).
    func testLiterals() throws -> [String] {
        let tests = Self.packageRoot.appendingPathComponent("Tests")
        var out: [String] = []
        let walker = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)
        let literal = try NSRegularExpression(pattern: #""(---\\n(?:[^"\\\n]|\\.)*)""#)
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "swift", let source = try? String(contentsOf: url, encoding: .utf8) else { continue }
            for m in literal.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
                guard let r = Range(m.range(at: 1), in: source), let text = Self.unescape(source[r]) else { continue }
                out.append(text)
            }
        }
        return out
    }

    /// A Swift string literal's text; nil when it interpolates or uses an escape not handled here.
    static func unescape(_ s: Substring) -> String? {
        var out = ""
        var it = s.makeIterator()
        while let c = it.next() {
            guard c == "\\" else {
                out.append(c)
                continue
            }
            switch it.next() {
            case "n": out.append("\n")
            case "r": out.append("\r")
            case "t": out.append("\t")
            case "0": out.append("\0")
            case "\"": out.append("\"")
            case "'": out.append("'")
            case "\\": out.append("\\")
            case "u":
                guard it.next() == "{" else { return nil }
                var hex = ""
                while let h = it.next(), h != "}" { hex.append(h) }
                guard let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) else { return nil }
                out.unicodeScalars.append(scalar)
            default: return nil
            }
        }
        return out
    }

    // MARK: - Tests

    func testSampleVaultTestCardsAndFuzzCorpus() throws {
        var taken = 0, total = 0
        for (name, bytes) in try sampleVault() {
            total += 1
            if assertSame(bytes, path: "cards/" + URL(fileURLWithPath: name).lastPathComponent, name) { taken += 1 }
        }
        XCTAssertGreaterThan(taken, total / 2, "the sample vault's cards are plain: the fast path should take most of them")
        for text in try testLiterals() {
            total += 1
            if assertSame(Array(text.utf8), "test literal") { taken += 1 }
        }
        for (name, bytes) in try fuzzCorpus() {
            total += 1
            if assertSame(bytes, "fuzz/corpus/fuzz-card/\(name)") { taken += 1 }
        }
        XCTAssertGreaterThan(total, 800)
        XCTAssertGreaterThan(taken, 100)
    }

    func testGeneratedVariants() {
        var generator = CardTextGenerator(seed: 20261123)
        var taken = 0
        let count = 4000
        for i in 0..<count {
            let text = generator.card()
            if assertSame(Array(text.utf8), path: i % 3 == 0 ? "cards/c\(i).md" : "cards/archive/c\(i).md", "variant \(i)") { taken += 1 }
        }
        // Both kinds must be common, or the comparison proves little.
        XCTAssertGreaterThan(taken, count / 5)
        XCTAssertLessThan(taken, count * 4 / 5)
    }

    func testWhatTheFastPathTakesAndLeaves() {
        func takes(_ text: String) -> Bool { assertSame(Array(text.utf8), text) }
        XCTAssertTrue(takes("---\nid: BENCH00000001\ntitle: Call Mum 1\nspoons: 3\nimportance: 2\ncategory: work\ntags: [home, admin]\ndue: 2026-03-04\nrepeat: every week on mon, thu\ntoday: 2026-11-23\ncreated: 2026-11-01T09:01\n---\nNotes.\n"))
        XCTAssertTrue(takes("---\ntitle: 'Quoted: yes'\nemoji: 🎸\nmood: fine, thanks\n# a comment\n\ndone: true\n...\n"))
        XCTAssertTrue(takes("---\ntitle: x # note\ntags: []\nparent: ~\ncompleted: [2026-11-21, 2026-11-20]\n---"))
        for text in [
            "\u{FEFF}---\ntitle: x\n---\n", "---\r\ntitle: x\r\n---\r\n", "---\ntitle:\tx\n---\n", "---\ntags:\n  - a\n---\n",
            "---\ntitle: &a x\n---\n", "---\ntitle: \"a\\\"b\"\n---\n", "---\ntitle: x\ntitle: y\n---\n", "---\ntitle: x\n",
            "---\nspoons: 9\n---\n", "---\nstart: soon\n---\n", "---\nrepeat: every blue moon\n---\n", "---\nid: ../x\n---\n",
            "---\ntitle: x\n---\n<<<<<<< HEAD\n", "---\ntitle: a\u{85}b\n---\n", "title: no front matter\n", "--- \ntitle: x\n---\n",
        ] {
            XCTAssertFalse(takes(text), text.debugDescription)
        }
    }

    /// Past a dozen keys the fast path checks repeats with a set (linear in the file): a repeat
    /// among many keys still steps aside for the full parser, which says where; many distinct
    /// keys are taken, and both paths give the same row.
    func testARepeatedKeyAmongManyIsStillFound() {
        let keys = (0..<200).map { "x\($0): \($0)\n" }.joined()
        XCTAssertTrue(assertSame(Array(("---\ntitle: Many\n" + keys + "---\n").utf8), "200 distinct keys"))
        for repeated in ["x3", "x150", "title", "x199"] {
            let text = "---\ntitle: Many\n" + keys + "\(repeated): again\n---\n"
            XCTAssertFalse(assertSame(Array(text.utf8), "repeated \(repeated)"), "a repeated \(repeated) is left to the full parser")
            XCTAssertNotNil(fullRow(Array(text.utf8), path: "cards/many.md")?.diagnostics.first { $0.message.contains(repeated) }, repeated)
        }
    }

    /// Both paths note a `remind:` field in the row (`carousel remind` reads only those files),
    /// and only a top-level key named exactly so.
    func testBothPathsNoteARemindField() {
        for (text, reminds) in [
            ("---\ntitle: x\nremind: 30m\n---\n", true), ("---\ntitle: x\nremind: [30m, 1d]\n---\n", true),
            ("---\ntitle: x\nremind: \"09:00\"\n---\n", true), ("---\ntitle: x\nremind:\n  - 30m\n---\n", true),
            ("---\ntitle: x\n---\nremind: 30m\n", false), ("---\ntitle: x\nreminder: 30m\n---\n", false),
            ("---\ntitle: x\nnotes:\n  remind: 30m\n---\n", false),
        ] {
            XCTAssertEqual(fullRow(Array(text.utf8), path: "cards/x.md")?.reminds, reminds, text.debugDescription)
            if let fast = fastRow(Array(text.utf8), path: "cards/x.md") { XCTAssertEqual(fast.reminds, reminds, text.debugDescription) }
        }
        XCTAssertNotNil(fastRow(Array("---\ntitle: x\nremind: 30m\n---\n".utf8), path: "cards/x.md"), "the fast path takes a plain remind:")
    }

    /// Whole files through `CardReader`, links and odd names included, against `CardRow.read`.
    func testReaderGivesTheRowsOfTheFullRead() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("carousel-plaincard-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        for dir in ["vault/cards/sub/deeper", "vault/.git", "outside"] {
            try fm.createDirectory(at: root.appendingPathComponent(dir), withIntermediateDirectories: true)
        }
        let vaultURL = root.appendingPathComponent("vault")
        try Data("budget: 10\n".utf8).write(to: vaultURL.appendingPathComponent("carousel.yaml"))
        var generator = CardTextGenerator(seed: 7)
        var paths: [String] = []
        for i in 0..<300 {
            let path = ["cards/g\(i).md", "cards/sub/g\(i).md", "cards/sub/deeper/g\(i).md"][i % 3]
            try Data(generator.card().utf8).write(to: vaultURL.appendingPathComponent(path))
            paths.append(path)
        }
        let plain = "---\ntitle: Plain\ntags: [a]\n---\nBody\n"
        try Data(plain.utf8).write(to: root.appendingPathComponent("outside/secret.md"))
        try Data(plain.utf8).write(to: vaultURL.appendingPathComponent("cards/sub/real.md"))
        try Data(plain.utf8).write(to: vaultURL.appendingPathComponent("cards/odd\u{1}name.md"))
        try Data(("---\ntitle: Big\n---\n" + String(repeating: "x", count: (1 << 20) + 10)).utf8)
            .write(to: vaultURL.appendingPathComponent("cards/big.md"))
        try Data([0x2D, 0x2D, 0x2D, 0x0A, 0xFF, 0x0A, 0x2D, 0x2D, 0x2D, 0x0A]).write(to: vaultURL.appendingPathComponent("cards/latin1.md"))
        try fm.createSymbolicLink(atPath: vaultURL.appendingPathComponent("cards/alias.md").path, withDestinationPath: "sub/real.md")
        try fm.createSymbolicLink(atPath: vaultURL.appendingPathComponent("cards/leak.md").path, withDestinationPath: "../../outside/secret.md")
        try fm.createSymbolicLink(atPath: vaultURL.appendingPathComponent("cards/linked").path, withDestinationPath: "../../outside")
        paths += ["cards/sub/real.md", "cards/odd\u{1}name.md", "cards/big.md", "cards/latin1.md", "cards/alias.md",
                  "cards/leak.md", "cards/linked/secret.md", "cards/missing.md", "cards/sub", "cards/../cards/sub/real.md"]
        let vault = try Vault(at: vaultURL.path)
        let reader = CardReader(vault: vault)
        var taken = 0
        for path in paths {
            let expected = CardRow.read(path: path, vault: vault, stamp: stamp)
            let row = reader.row(path: path, stamp: stamp)
            XCTAssertEqual(row.arguments, expected.arguments, path)
            XCTAssertEqual(row.diagnostics, expected.diagnostics, path)
            if row.card != nil { taken += 1 }
        }
        XCTAssertEqual(reader.row(path: "cards/sub/real.md", stamp: stamp).card?.title, "Plain")
        XCTAssertNil(reader.row(path: "cards/leak.md", stamp: stamp).card, "a link out of the vault is never read")
        XCTAssertNil(reader.row(path: "cards/linked/secret.md", stamp: stamp).card, "nor a file through a linked folder")
        XCTAssertGreaterThan(taken, 50)
    }

    /// The byte-level shortcuts give the answers of the rules they stand for.
    func testPathShortcutsAgreeWithTheFullRules() {
        let paths = ["cards/a.md", "cards/work/b.md", "a.md", ".md", "cards/.md", "cards/x.md/", "cards//x.md", "/cards/x.md",
                     "", "cards/x", "cards/x.MD", "cards/./x.md", "cards/../x.md", "cards/..", "./x.md", ".git/x.md", ".GIT/x.md",
                     ".carousel/i.md", "cards/.git/x.md", "cards/a\u{1}b.md", "cards/a\u{7F}.md", "cards/é.md", "cards/x\u{301}.md",
                     "cards/\u{600}.md", "cards/...md", "cards/.../x.md", "x\r.md", "cards/a b.md"]
        for path in paths {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            XCTAssertEqual(Vault.slug(ofPath: path), name.hasSuffix(".md") ? String(name.dropLast(3)) : name, path.debugDescription)
            if CardReader.isPlainPath(path) { XCTAssertTrue(PathName.isPlainRelativePath(path), path.debugDescription) }
        }
        XCTAssertTrue(CardReader.isPlainPath("cards/work/b.md"))
        XCTAssertFalse(CardReader.isPlainPath("cards/../b.md"))
    }

    /// `PlainCardField.isNull` only lowercases four-byte values: no scalar outside ASCII
    /// lowercases to anything with an n, u or l, so no other text lowercases to "null".
    /// (Letters with case are all below U+20000.)
    func testOnlyFourASCIILettersLowercaseToNull() {
        for v in UInt32(0x80)...0x1FFFF {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let lower = String(scalar).lowercased()
            XCTAssertFalse(lower.unicodeScalars.contains { "nul".unicodeScalars.contains($0) }, "U+\(String(v, radix: 16)) lowercases to \(lower)")
        }
    }
}
