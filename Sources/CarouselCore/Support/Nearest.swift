/// "Did you mean …?": the words closest to a mistyped one.
public enum Nearest {
    /// The candidates within a few edits of `word` (or that start with it), closest first, at most `limit`.
    public static func words(to word: String, among candidates: some Sequence<String>, limit: Int = 3) -> [String] {
        let needle = word.lowercased()
        guard !needle.isEmpty else { return [] }
        let reach = max(1, min(3, needle.count / 3 + 1))
        var scored: [(Int, String)] = []
        for candidate in Set(candidates) {
            let name = candidate.lowercased()
            if name == needle { continue }
            if name.hasPrefix(needle) && needle.count >= 2 { scored.append((0, candidate)); continue }
            let d = distance(needle, name)
            if d <= reach { scored.append((d, candidate)) }
        }
        // Only the closest: "don" suggests "done", not also "log".
        guard let best = scored.map(\.0).min() else { return [] }
        return scored.filter { $0.0 == best }.sorted { $0.1 < $1.1 }.prefix(limit).map(\.1)
    }

    /// The sentence tail for an unknown word: " Did you mean 'done'?", or "" when nothing is close.
    public static func hint(for word: String, among candidates: some Sequence<String>) -> String {
        let close = words(to: word, among: candidates)
        switch close.count {
        case 0: return ""
        case 1: return " Did you mean '\(close[0])'?"
        default: return " Did you mean " + close.dropLast().map { "'\($0)'" }.joined(separator: ", ") + " or '\(close[close.count - 1])'?"
        }
    }

    /// Levenshtein distance between two strings, by characters.
    public static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[y.count]
    }
}
