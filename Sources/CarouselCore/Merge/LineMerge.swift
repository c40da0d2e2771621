/// A three-way merge of lines (diff3): changes made on one side only are taken, identical
/// changes once, and a region changed differently on both sides is a clash.
public enum LineMerge {
    /// One region of the result.
    public enum Chunk: Equatable, Sendable {
        case clean([String])
        case clash(ours: [String], theirs: [String])
    }

    /// Lines keep their line endings, so joining the chunks restores the text byte for byte.
    public static func merge(base: [String], ours: [String], theirs: [String]) -> [Chunk] {
        let toOurs = matches(base, ours)
        let toTheirs = matches(base, theirs)
        var chunks: [Chunk] = []
        var b = 0, o = 0, t = 0
        // Lines of the base kept by both sides are the points where all three agree.
        let stable = base.indices.compactMap { i in toOurs[i].flatMap { oi in toTheirs[i].map { (i, oi, $0) } } }
        for (bi, oi, ti) in stable + [(base.count, ours.count, theirs.count)] {
            let baseRun = Array(base[b..<bi]), oursRun = Array(ours[o..<oi]), theirsRun = Array(theirs[t..<ti])
            if oursRun == baseRun {
                append(&chunks, theirsRun)
            } else if theirsRun == baseRun || oursRun == theirsRun {
                append(&chunks, oursRun)
            } else {
                chunks.append(.clash(ours: oursRun, theirs: theirsRun))
            }
            if bi < base.count { append(&chunks, [base[bi]]) }
            b = bi + 1; o = oi + 1; t = ti + 1
        }
        return chunks
    }

    private static func append(_ chunks: inout [Chunk], _ lines: [String]) {
        guard !lines.isEmpty else { return }
        if case let .clean(previous)? = chunks.last {
            chunks[chunks.count - 1] = .clean(previous + lines)
        } else {
            chunks.append(.clean(lines))
        }
    }

    /// For each line of `a`, the index of the line of `b` it is matched to in a longest common
    /// subsequence (nil when unmatched). Common prefix and suffix are matched first, so the
    /// quadratic table only covers the changed middle.
    static func matches(_ a: [String], _ b: [String]) -> [Int?] {
        var result = [Int?](repeating: nil, count: a.count)
        var start = 0
        while start < a.count, start < b.count, a[start] == b[start] { result[start] = start; start += 1 }
        var endA = a.count, endB = b.count
        while endA > start, endB > start, a[endA - 1] == b[endB - 1] { endA -= 1; endB -= 1; result[endA] = endB }
        let n = endA - start, m = endB - start
        guard n > 0, m > 0, n * m <= 4_000_000 else { return result }
        // lcs[i][j]: LCS length of a[start+i..<endA] and b[start+j..<endB].
        var lcs = [[Int32]](repeating: [Int32](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lcs[i][j] = a[start + i] == b[start + j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var i = 0, j = 0
        while i < n, j < m {
            if a[start + i] == b[start + j] {
                result[start + i] = start + j; i += 1; j += 1
            } else if lcs[i + 1][j] >= lcs[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return result
    }

    /// Splits text into lines that keep their endings.
    public static func lines(_ text: String) -> [String] {
        FrontMatterDocument.splitKeepingEndings(Substring(text)).map(String.init)
    }
}
