@testable import CarouselCore
import XCTest

/// `RowStamps.changes(to:)` walks two lists in SQLite's byte order at once; it must find exactly
/// what comparing them path by path finds, for names that are prefixes of one another, names
/// beyond ASCII, and two names that differ only in their Unicode normalization.
final class RowStampsTests: XCTestCase {
    private func rows(_ entries: [([UInt8], FileStamp)]) -> RowStamps {
        var out = RowStamps()
        for (path, stamp) in entries.sorted(by: { $0.0.lexicographicallyPrecedes($1.0) }) {
            out.start.append(Int32(out.bytes.count))
            out.bytes += path + [0]
            out.stamps.append(stamp)
        }
        return out
    }

    func testTheWalkFindsWhatAComparisonPathByPathFinds() {
        let names: [String] = ["a", "a.md", "a.md.md", "ab", "b", "é", "e\u{301}", "z", "zz", "日記", "work/a", "work/b", "Z"]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<300 {
            var old: [[UInt8]: FileStamp] = [:], new: [[UInt8]: FileStamp] = [:]
            for name in names {
                let path = Array("cards/\(name).md".utf8)
                let stamp = FileStamp(size: Int64(Int.random(in: 1...3, using: &generator)), mtime: 1, inode: 1)
                if Bool.random(using: &generator) { old[path] = stamp }
                if Bool.random(using: &generator) {
                    new[path] = Bool.random(using: &generator) ? (old[path] ?? stamp) : stamp
                }
            }
            let (changed, gone) = rows(old.map { ($0.key, $0.value) }).changes(to: rows(new.map { ($0.key, $0.value) }))
            let expectedChanged = Set(new.keys.filter { old[$0] != new[$0] })
            let expectedGone = Set(old.keys.filter { new[$0] == nil })
            XCTAssertEqual(Set(changed.map { Array($0.utf8) }), expectedChanged, "round \(round)")
            XCTAssertEqual(Set(gone.map { Array($0.utf8) }), expectedGone, "round \(round)")
            XCTAssertEqual(changed.count, expectedChanged.count, "no path twice")
        }
    }

    func testNothingChangedIsNothing() {
        let same = rows([(Array("cards/a.md".utf8), FileStamp(size: 1, mtime: 2, inode: 3))])
        let (changed, gone) = same.changes(to: same)
        XCTAssertEqual(changed, [])
        XCTAssertEqual(gone, [])
        XCTAssertEqual(RowStamps().changes(to: same).changed, ["cards/a.md"])
        XCTAssertEqual(same.changes(to: RowStamps()).gone, ["cards/a.md"])
    }
}
