import Foundation

/// The seeded mix of cards the read tests ask every question of: the core's (index against
/// memory) and the command line's (targeted reads against the whole vault).
public enum MixedVault {
    /// A seeded mix: one-off cards due in the past, today, this week, later and never; repeating
    /// cards with and without a start time; done, waiting, pulled (today and on a day before),
    /// parent/child cards (by slug and by id); `blocked_by` on an open card, a done one and a
    /// missing name; past and future events, events lasting days; times with their own `tz:`
    /// and times in the vault's zone; ideas; cards without an id; two files with one id.
    public static func files() -> [String: String] {
        var seed: UInt64 = 20_261_123
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let words = ["Call", "Plan", "Fix", "Café", "Read", "Pack", "Water", "Review"]
        let things = ["Mum", "the garden", "slides", "the bike", "taxes", "ferns"]
        var files: [String: String] = [:]
        for i in 1...160 {
            var lines = ["---"]
            if i % 7 != 0 { lines.append("id: 01KTEST\(String(format: "%06d", i))") }
            lines.append("title: \(words[next(words.count)]) \(things[next(things.count)]) \(i)")
            lines.append("importance: \(1 + next(5))")
            lines.append("spoons: \(1 + next(5))")
            if next(3) == 0 { lines.append("category: \(["work", "home"][next(2)])") }
            if next(2) == 0 { lines.append("tags: [\(["errands", "family", "deadline"][next(3)])]") }
            switch i % 10 {
            case 0: lines.append("kind: event")
            case 1: lines.append("kind: idea")
            default: break
            }
            let dated = next(10)
            if dated < 7 { lines.append("due: 2026-\(String(format: "%02d-%02d", 10 + next(3), 1 + next(28)))") }
            if dated == 7 { lines.append("due: 2026-11-23T\(String(format: "%02d", 1 + next(23))):30") }
            if i % 13 == 0 { lines.append("repeat: every week on mon, thu") }
            if i % 17 == 0 { lines.append("repeat: every day"); lines.append("start: 2026-11-01T08:00"); lines.append("duration: 45m") }
            if i % 11 == 0 { lines.append("start: 2026-11-2\(3 + next(3))T\(String(format: "%02d", 9 + next(8))):00") }
            if i % 10 == 0 && dated < 7 && i % 3 == 0 { lines.append("duration: \(1 + next(9))d") }
            if i % 12 == 5 { lines.append("tz: \(["Europe/Berlin", "Asia/Tokyo", "UTC"][next(3)])") }
            if i % 9 == 0 && i % 13 != 0 && i % 17 != 0 { lines.append("done: 2026-11-2\(next(3))T10:00") }
            if i % 19 == 0 { lines.append("wait: 2026-12-01") }
            if i % 8 == 3 && i % 19 != 0 { lines.append("wait: 2026-11-\(String(format: "%02d", 10 + next(13)))") }
            if i % 23 == 0 { lines.append("today: 2026-11-23") }
            if i % 31 == 0 { lines.append("today: 2026-11-20") }
            if i % 29 == 0 { lines.append("parent: card-\(i - 1)") }
            if i % 37 == 0 { lines.append("parent: 01KTEST\(String(format: "%06d", i + 1))") }
            if i % 14 == 6 { lines.append("blocked_by: [card-\(i + 3)]") }
            if i == 27 { lines.append("blocked_by: [card-18, no-such-card]") }
            lines.append("created: 2026-11-0\(1 + next(9))T09:\(String(format: "%02d", next(60)))")
            lines.append("---")
            lines.append(next(4) == 0 ? "Remember the WATERING can and the receipts." : "Notes.")
            files["cards/\(i % 5 == 0 ? "work/" : "")card-\(i).md"] = lines.joined(separator: "\n") + "\n"
        }
        // Two files with one id and the same fields: the same key, so the same score.
        for name in ["twin-a", "twin-b"] {
            files["cards/\(name).md"] = "---\nid: 01KTWIN\ntitle: Twin\nimportance: 5\ndue: 2026-11-20\n---\n"
        }
        // A week-long event begun before the range, a timed one crossing midnight in its own zone.
        files["cards/holiday.md"] = "---\ntitle: Holiday\nkind: event\ndue: 2026-11-19\nduration: 7d\n---\n"
        files["cards/night-flight.md"] = "---\ntitle: Night flight\nkind: event\ndue: 2026-11-23T23:30\nduration: 10h\ntz: Asia/Tokyo\n---\n"
        return files
    }
}
