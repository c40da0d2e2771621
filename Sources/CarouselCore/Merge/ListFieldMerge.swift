import Yams

/// Merges of fields that hold collections: lists as sets, date maps (a habit's `log`) per key.
enum ListFieldMerge {
    /// A set union that keeps a removal made on one side: our order, then their additions.
    /// Lists of dates come out sorted. Nil unless every version is a list of scalars (or absent).
    static func union(key: String, base: Node?, ours: Node, theirs: Node, oursLines: [String]) -> [String]? {
        guard let o = scalars(ours), let t = scalars(theirs) else { return nil }
        let b = base.map(scalars) ?? []
        guard let b else { return nil }
        let removedByTheirs = Set(b.map(\.text)).subtracting(t.map(\.text))
        let removedByOurs = Set(b.map(\.text)).subtracting(o.map(\.text))
        var items = o.filter { !removedByTheirs.contains($0.text) }
        for item in t where !removedByOurs.contains(item.text) && !items.contains(where: { $0.text == item.text }) {
            items.append(item)
        }
        if !items.isEmpty, items.allSatisfy({ Day(iso: $0.text) != nil }) {
            items.sort { $0.text < $1.text }
        }
        let rendered = items.map(\.rendered)
        if oursLines.count > 1, let item = oursLines.dropFirst().first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("-") }) {
            let indent = String(item.prefix { $0 == " " })
            return [key + ":"] + rendered.map { "\(indent)- \($0)" }
        }
        return ["\(key): [" + rendered.joined(separator: ", ") + "]"]
    }

    private struct Item {
        let text: String
        let rendered: String
    }

    /// The scalar items of a list (a null counts as an empty list), rendered as they would read back.
    private static func scalars(_ node: Node) -> [Item]? {
        if node.isNull { return [] }
        guard let sequence = node.sequence else { return nil }
        var items: [Item] = []
        for element in sequence {
            if let mapping = element.mapping {
                // A record such as a focus session, `{start: "09:30", minutes: 25}`: one item,
                // written on one line, the same record on both sides being the same item.
                var pairs: [String] = []
                for (k, v) in mapping {
                    guard let key = k.scalar, let value = v.scalar else { return nil }
                    pairs.append(render(key) + ": " + render(value))
                }
                let text = "{" + pairs.joined(separator: ", ") + "}"
                items.append(Item(text: text, rendered: text))
                continue
            }
            guard let scalar = element.scalar else { return nil }
            items.append(Item(text: scalar.string, rendered: render(scalar)))
        }
        return items
    }

    private static func render(_ scalar: Node.Scalar) -> String {
        let plainSafe = (scalar.style == .plain || scalar.style == .any)
            && scalar.string.rangeOfCharacter(from: .init(charactersIn: ",[]{}#")) == nil && !scalar.string.isEmpty
        return plainSafe ? scalar.string : YAMLRender.doubleQuoted(scalar.string)
    }

    struct MapResult {
        var lines: [String]
        var notes: [String] = []
        var conflicts: [String] = []
    }

    /// A block mapping of one-line scalar entries (`log:` with `  2026-11-21: 2`), merged per key:
    /// every day from both sides survives; for the same day two numbers add up when `sums` (a
    /// habit's log: see `HabitLogSum`), else give the larger; anything else follows the clash
    /// rule. Entry lines are copied verbatim from the side they come from.
    static func perKey(key: String, baseLines: [String]?, ours: Node, theirs: Node, oursLines: [String],
                       theirsLines: [String], rule: ClashRule, sums: Bool = false) -> MapResult? {
        guard ours.mapping != nil, theirs.mapping != nil,
              let o = entries(oursLines), let t = entries(theirsLines) else { return nil }
        var b: [(key: String, value: String, line: String)] = []
        if let baseLines { b = entries(baseLines) ?? [] }
        func value(_ list: [(key: String, value: String, line: String)], _ k: String) -> (value: String, line: String)? {
            list.first { $0.key == k }.map { ($0.value, $0.line) }
        }
        var result = MapResult(lines: [oursLines[0]])
        var order = o.map(\.key)
        order += t.map(\.key).filter { !order.contains($0) }
        if order.allSatisfy({ Day(iso: $0) != nil }) { order.sort() }
        for k in order {
            let bv = value(b, k)?.value, ov = value(o, k), tv = value(t, k)
            var chosen: String?
            if ov?.value == tv?.value || bv == tv?.value {
                chosen = ov?.line
            } else if bv == ov?.value {
                chosen = tv?.line
            } else if let ov, let tv {
                if sums, let sum = HabitLogSum.merged(day: k, base: bv, ours: ov, theirs: tv) {
                    chosen = sum.line
                    result.notes.append(sum.note)
                } else if let on = Double(ov.value), let tn = Double(tv.value) {
                    chosen = on >= tn ? ov.line : tv.line
                    result.notes.append("\(k): \(ov.value) and \(tv.value) on two devices; kept the larger")
                } else {
                    let oursWin = rule.oursWins(ours: ov.value, theirs: tv.value)
                    chosen = oursWin ? ov.line : tv.line
                    let (kept, lost) = oursWin ? (ov.value, tv.value) : (tv.value, ov.value)
                    result.conflicts.append("\(k): kept \(kept); the other device had \(lost)")
                    result.notes.append("\(k) clash: kept \(kept), the other device had \(lost) (saved in conflicts)")
                }
            } else {
                chosen = ov?.line ?? tv?.line  // changed on one side, removed on the other: the change wins
            }
            if let chosen { result.lines.append(chosen) }
        }
        return result
    }

    /// `key:` followed by indented `k: v` lines, each entry on one line; nil for any other shape.
    private static func entries(_ lines: [String]) -> [(key: String, value: String, line: String)]? {
        guard let first = lines.first, first.trimmingCharacters(in: .whitespaces).hasSuffix(":") else { return nil }
        var result: [(key: String, value: String, line: String)] = []
        for line in lines.dropFirst() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard line.hasPrefix(" "), let colon = trimmed.firstIndex(of: ":") else { return nil }
            var k = String(trimmed[..<colon]).trimmingCharacters(in: .whitespaces)
            if k.count >= 2, let q = k.first, q == "\"" || q == "'", k.last == q { k = String(k.dropFirst().dropLast()) }
            let v = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !v.isEmpty else { return nil }
            result.append((k, v, line))
        }
        return result
    }
}
