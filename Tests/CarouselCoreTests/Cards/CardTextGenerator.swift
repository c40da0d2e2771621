/// Seeded card texts for comparing the fast and the full card parsers: plain cards, cards with
/// every kind of value each field can meet (good, bad, null, quoted, listed, commented), and the
/// shapes the fast path must leave to the full parser. The same seed gives the same texts.
struct CardTextGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// SplitMix64.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    static let keys = ["id", "title", "kind", "spoons", "importance", "category", "tags", "due", "start", "duration",
                       "repeat", "parent", "today", "done", "completed", "skipped", "except", "also", "series_start",
                       "wait", "created", "emoji", "icon", "color", "mood", "Title", "x-y", "_note", "notes2"]

    /// Values a field of that kind usually holds.
    static let good: [String: [String]] = [
        "id": ["01JBENCH0000000000000001", "BENCH00000042", "'01JQUOTED'", ""],
        "title": ["Call Mum", "Reply to Jamie's email", "'Quoted: title'", "\"Double quoted\"", "Gig 🎸 night",
                  "Crème brûlée", "C# notes", "50% off", "a:b", "ends with dot.", "x #1", "Note - this"],
        "kind": ["task", "idea", "event", "Event", "TASK"],
        "spoons": ["1", "2", "3", "5", "+3", "03", "'4'"],
        "importance": ["1", "4", "5", "\"2\""],
        "category": ["work", "personal", "health", "'creative'", "other"],
        "tags": ["[home, errands]", "[a]", "[]", "[ a , b ]", "home, errands", "[deadline,money]", "'one'"],
        "due": ["2026-11-24", "2026-03-04T09:30", "2026-03-04 09:30", "2026-03-04T09:30:15", "2026-03-04T09:30Z",
                "2026-03-04T09:30:00+02:00", "'2026-11-24'"],
        "repeat": ["every week on mon, thu", "every day", "every 2 weeks", "FREQ=WEEKLY;BYDAY=MO", "every month on the 1st"],
        "completed": ["[2026-11-20, 2026-11-21]", "[2026-11-21, 2026-11-20]", "[]"],
        "except": ["2026-12-25", "[2026-12-25, 2027-01-01]"],
        "done": ["2026-11-23T10:30", "true", "false", "TRUE", "2026-11-23", ""],
        "emoji": ["🎸", "📞", "'✨'"],
        "color": ["red", "'#ff0000'", "blue"],
        "duration": ["30m", "1h", "'2h 30m'"],
    ]

    /// Values of every kind, for any key: wrong types, nulls, and shapes for the full parser.
    static let any = [
        "", "~", "null", "NULL", "Null", "nul", "'null'", "\"~\"", "''", "\"\"", "seven", "0", "6", "-1", "3.0", "３",
        "2026-02-30", "2026-13-01", "26-11-24", "2026-11-24T25:00", "soon", "every blue moon", "ev", "tas\u{212A}",
        "\u{130}dea", "x #comment", "x#y", "#hash", "a: b", "x:", "[a, , b]", "[a,]", "[\"a,b\", c]", "['a']", "[a b, c]",
        "[2026-11-20, nope]", "[[a]]", "[a: b]", "[{a}]", "[null]", "[~]", "[a #b]", "[a] # c", "[a]x", "[a",
        "'It''s'", "\"esc\\\"aped\"", "\"back\\\\slash\"", "&anchor x", "*alias", "!tag x", "|", ">", "{a: 1}", "-dash",
        "- item", "?q", "@at", "`tick`", "%pct", "'unclosed", "\"unclosed", "'a' b", "a 'b'", "\u{A0}", "\u{3000}",
        "\u{200B}", "a\u{301}", "\u{301}a", "\u{FEFF}x", "\u{FFFE}", "x\u{7F}", "a\u{85}b", "tab\tx", "true", "yes",
        "2026-11-24  ", "../up", ".hidden", "a/b", "a\\b", "  spaced", "😀😀😀😀😀😀😀😀", "ÿ", "naïve café",
    ]

    mutating func value(for key: String, wild: Bool) -> String {
        if let good = Self.good[key], !wild || chance(85) { return pick(good) }
        if !wild { return pick(["", "~", "Null", "'null'", "plain words", "'quoted'", "\"double\"", "[a, b]", "x # note"]) }
        if chance(60), let good = Self.good[pick(Array(Self.good.keys).sorted())] { return pick(good) }
        return pick(Self.any)
    }

    /// One card file's text: half of them tame (values each field usually holds), half wild.
    mutating func card() -> String {
        let wild = chance(50)
        func odd(_ percent: Int) -> Bool { wild && chance(percent) }
        var lines: [String] = []
        let fieldCount = below(9)
        var used: [String] = []
        for _ in 0..<fieldCount {
            let key = odd(6) && !used.isEmpty ? pick(used) : pick(Self.keys)  // now and then a repeated key
            used.append(key)
            let v = value(for: key, wild: wild)
            var line = v.isEmpty ? key + ":" : key + ": " + v
            if odd(5) { line = key + ":" + (v.isEmpty ? "" : v) }      // no space after the colon
            if chance(5) { line = key + ":   " + v }                      // several spaces
            if chance(4) { line += "  " }                                 // trailing spaces
            if chance(4) { line += " # why" }                             // a comment
            if odd(3) { line = " " + line }                            // indented
            lines.append(line)
            if chance(4) { lines.append(wild ? pick(["", "# comment", "#", "  # indented comment", "  - item", "  more", "\t"]) : pick(["", "# comment", "#"])) }
        }
        if odd(6) { lines.insert(pick(["tags:\n  - a\n  - b", "title: >\n  folded", "log:\n  2026-11-20: 1"]), at: below(lines.count + 1)) }
        let opening = !odd(6) ? "---" : pick(["--- ", "----", "\u{FEFF}---", "", "---x"])
        let closing = !odd(10) ? pick(["---", "---", "..."]) : pick(["--- ", "", " ---", "----"])
        let tameBodies = ["", "Body\n", "Notes about it.\n- [ ] first\n- [ ] second\n", "no newline at the end",
                          "\n\nblank lines first\n", "---\nmore dashes\n", "Bödy ✓ ünïcode\n", "=======\n", "<<<<<<<x\n"]
        let body = wild ? pick(tameBodies + ["<<<<<<< HEAD\nx\n=======\ny\n>>>>>>> b\n", "a\u{0}b", "trailing\r\n"]) : pick(tameBodies)
        var text = opening + "\n" + lines.map { $0 + "\n" }.joined() + closing
        if !odd(6) { text += "\n" + body }
        if odd(4) { text = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n") }
        return text
    }
}
