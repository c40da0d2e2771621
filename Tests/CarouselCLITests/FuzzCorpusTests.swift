import Foundation
import XCTest

/// The fuzz targets' kept corpora replayed through the same checks in an ordinary build, so
/// every case a fuzzing run or a report added (the incoming-tree cases among them: folders
/// turned into files, gitlinks, `.gitmodules`, names twice, long names, control characters,
/// odd modes, links to a FIFO or a device) holds in every `make test`.
final class FuzzCorpusTests: XCTestCase {
    func replay(_ target: String) throws {
        let program = Sandbox.binary.deletingLastPathComponent().appendingPathComponent(target)
        guard FileManager.default.isExecutableFile(atPath: program.path) else {
            return XCTFail("\(program.path) is missing: `swift build` builds every target")
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let corpus = root.appendingPathComponent("fuzz/corpus/" + target)
        let inputs = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted().map { corpus.appendingPathComponent($0).path }
        XCTAssertGreaterThan(inputs.count, 10, "the kept corpus of \(target)")
        let r = try Sandbox.run(program, inputs, env: [:], cwd: root)
        XCTAssertEqual(r.status, 0, "\(target) failed on its corpus: \(r.stderr)")
    }

    func testTheIncomingTreeCorpusHolds() throws { try replay("fuzz-tree") }
    func testTheCardCorpusHolds() throws { try replay("fuzz-card") }
}
