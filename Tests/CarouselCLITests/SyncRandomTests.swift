import Foundation
import XCTest

/// N devices make M random edits each, offline, and sync in a random order; at the end every
/// edit is present on every device and all devices hold the same files.
/// `make test` runs N = 3 devices × M = 5 edits for one seed; `make stress` runs M = 10 edits for
/// each of 4 seeds (about 25 syncs per seed).
final class SyncRandomTests: XCTestCase {
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    func testRandomEditsAndSyncOrdersConverge() throws {
        for seed in Stress.pick(full: [UInt64(7), 42, 1234, 99991], quick: [7]) {
            try run(seed: seed, devices: 3, edits: Stress.pick(full: 10, quick: 5))
        }
    }

    func run(seed: UInt64, devices n: Int, edits m: Int) throws {
        var rng = Generator(state: seed)
        let world = try SyncWorld("random\(seed)")
        let first = try world.firstDevice(name: "device0")
        let cards = ["a", "b", "c"]
        for slug in cards {
            try first.write("cards/\(slug).md", "---\nid: 01J\(slug.uppercased())\ntitle: Card \(slug)\ntags: [start]\ncompleted: []\n---\nNotes.\n")
        }
        XCTAssertEqual(try first.carousel(["sync"]).status, 0)
        var all = [first]
        for i in 1..<n { all.append(try world.clone(name: "device\(i)")) }

        var expected: [(path: String, token: String)] = []
        var done = Array(repeating: 0, count: n)
        while done.contains(where: { $0 < m }) {
            let d = Int.random(in: 0..<n, using: &rng)
            let s = all[d]
            for _ in 0..<Int.random(in: 1...3, using: &rng) where done[d] < m {
                done[d] += 1
                let token = "d\(d)e\(done[d])"
                let slug = cards.randomElement(using: &rng) ?? "a"
                let path = "cards/\(slug).md"
                var text = try s.read(path)
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: text = text.replacingOccurrences(of: "tags: [", with: "tags: [\(token), ")
                case 1:
                    let day = "2026-\(10 + d)-\(10 + done[d])"
                    text = text.replacingOccurrences(of: "completed: [", with: "completed: [\(day), ")
                        .replacingOccurrences(of: ", ]", with: "]")
                    expected.append((path, day))
                    try s.write(path, text)
                    continue
                case 2: text = text.replacingOccurrences(of: "\n---\n", with: "\nfield_\(token): yes\n---\n")
                case 3: text += "Line \(token).\n"
                default:
                    try s.write("cards/new-\(token).md", "---\nid: 01JNEW\(token.uppercased())\ntitle: New \(token)\n---\n")
                    expected.append(("cards/new-\(token).md", token))
                    continue
                }
                try s.write(path, text)
                expected.append((path, token))
            }
            let r = try s.carousel(["sync"])
            XCTAssertEqual(r.status, 0, "seed \(seed): sync failed: \(r.stderr)")
        }
        for _ in 0..<2 { for s in all { XCTAssertEqual(try s.carousel(["sync"]).status, 0) } }
        try world.assertConverged()
        let files = try SyncWorld.files(first)
        for (path, token) in expected {
            XCTAssertTrue(files[path]?.contains(token) ?? false, "seed \(seed): \(token) lost from \(path):\n\(files[path] ?? "missing")")
        }
        for (path, text) in files where path.hasPrefix("cards/") && path.hasSuffix(".md") {
            XCTAssertEqual(try first.carousel(["show", String(path.dropFirst(6).dropLast(3)), "--json"]).status, 0,
                           "\(path) does not parse:\n\(text)")
        }
    }
}
