@testable import CarouselCore
import CarouselFixtures
import Foundation
import XCTest

/// One vault of cards for the read tests, both ways: the index built from its files, and every
/// card in memory (`MemoryCardSource`) as `Workspace.snapshot` holds them.
struct ReadFixture {
    let vault: Vault
    let index: CardIndex
    let memory: MemoryCardSource

    /// The days the questions are asked on: the fixture's day, a week on, before most due
    /// dates, after them all, and a year outside the index's text ranges.
    static let days = ["2026-11-23", "2026-11-30", "2026-10-05", "2027-01-04", "0999-06-01"].compactMap { Day(iso: $0) }

    /// A temporary vault of `ReadFixture.files()`, removed when `test` ends.
    static func make(_ test: XCTestCase, name: String) throws -> ReadFixture {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        test.addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("cards/work"), withIntermediateDirectories: true)
        try Data("week_start: monday\ntime_zone: America/New_York\n".utf8).write(to: root.appendingPathComponent("carousel.yaml"))
        var bodies: [String: String] = [:]
        for (path, text) in files() {
            try Data(text.utf8).write(to: root.appendingPathComponent(path))
            bodies[path] = CardRow.body(of: text)
        }
        let vault = try Vault(at: root.path)
        let index = try CardIndex(vault: vault)
        _ = try index.sync()
        return ReadFixture(vault: vault, index: index, memory: MemoryCardSource(cards: try index.cards(), bodies: bodies))
    }

    /// The cards, as `MixedVault.files()` gives them.
    static func files() -> [String: String] { MixedVault.files() }
}

/// A value as text, every stored field, with the entries of dictionaries and sets in sorted
/// order: views are compared whole without each being `Equatable`, and two equal dictionaries
/// can list their entries in different orders.
func dumped(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    let children = mirror.children.map { ($0.label.map { $0 + ": " } ?? "") + dumped($0.value) }
    switch mirror.displayStyle {
    case .optional: return mirror.children.first.map { dumped($0.value) } ?? "nil"
    case .dictionary, .set: return "[" + children.sorted().joined(separator: ", ") + "]"
    case .collection: return "[" + children.joined(separator: ", ") + "]"
    case nil: return String(describing: value)
    default: return children.isEmpty ? String(describing: value) : "\(mirror.subjectType)(" + children.joined(separator: ", ") + ")"
    }
}
