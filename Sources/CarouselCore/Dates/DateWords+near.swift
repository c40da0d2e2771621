/// Words that are nearly a date word: `tomorow`, `fridya`, `tomorroww`, `nxt week`. Quick
/// capture keeps them in the title (a guess could be wrong) but asks "did you mean tomorrow?";
/// a refused `--due` says the same.
extension DateWords {
    /// A near miss: the words as typed and the date words they are close to.
    public struct NearMiss: Sendable, Equatable {
        public var typed: String
        public var meant: String
    }

    /// The one-word date words a typo is compared with. Short forms (`tue`, `eom`) are left
    /// out: one letter away from them is too many ordinary words.
    static let nearTargets = ["today", "tomorrow", "yesterday"] + weekdayNames
    /// The second word of a two-word phrase (`next week`, `next friday`).
    static let nextTargets = ["week", "month", "year"] + weekdayNames

    /// The date word `typed` nearly is, or nil: one edit away (a swap of two neighbouring
    /// letters counts as one), or two for the long words (`tommorow`). A word that already is a
    /// date, or a weekday's plural ("Pizza fridays"), is not a near miss.
    public static func nearWord(_ typed: String) -> String? {
        let w = clean(typed)
        guard w.count >= 4, w.allSatisfy(\.isLetter), !nearTargets.contains(w) else { return nil }
        if weekdayNames.contains(where: { w == $0 + "s" }) { return nil }
        var best: (Int, String)?
        for target in nearTargets {
            let reach = target.count >= 7 ? 2 : 1
            let d = editDistance(w, target)
            if d <= reach, best.map({ d < $0.0 }) ?? true { best = (d, target) }
        }
        return best?.1
    }

    /// The near miss at the end of `words` (the last one or two), or nil: `nxt week`, `next
    /// fridya`, `tomorow`.
    public static func nearMiss(endOf words: [String]) -> NearMiss? {
        guard let last = words.last else { return nil }
        if words.count >= 2 {
            let first = clean(words[words.count - 2]), second = clean(last)
            let firstNear = first == "next" || (first.count >= 3 && first.allSatisfy(\.isLetter) && editDistance(first, "next") == 1)
            let secondWord = nextTargets.contains(second) ? second
                : nextTargets.first { second.count >= 4 && second.allSatisfy(\.isLetter) && editDistance(second, $0) == 1 }
            if firstNear, let secondWord, first != "next" || secondWord != second {
                return NearMiss(typed: words[(words.count - 2)...].joined(separator: " "), meant: "next " + secondWord)
            }
        }
        return nearWord(last).map { NearMiss(typed: last, meant: $0) }
    }

    /// Edit distance where inserting, deleting or changing a letter, or swapping two
    /// neighbouring letters, costs one (optimal string alignment).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[x.count][y.count]
    }
}
