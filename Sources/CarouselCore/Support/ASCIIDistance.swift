/// `CardRef.nearest`'s score of one card, for a needle, slug and title that are all ASCII: the
/// same answers as its character-by-character comparison (for ASCII a byte is a character and
/// lowercasing is per byte), without making a String or an array per card. Nil for text that is
/// not ASCII, which the caller compares as characters.
struct ASCIIDistance {
    private let needle: [UInt8]
    private var slug: [UInt8] = []
    private var title: [UInt8] = []
    private var previous: [Int] = []
    private var current: [Int] = []

    /// Nil when the needle is not ASCII (it is already lowercased by the caller).
    init?(_ needle: String) {
        guard !needle.isEmpty, ASCIIDistance.isPlain(needle) else { return nil }
        self.needle = Array(needle.utf8)
    }

    /// 0 when the lowercased slug or title contains the needle; else the smaller of the edit
    /// distance to the whole slug and, plus one, to its start of the needle's length. Nil when the
    /// slug or title is not ASCII.
    mutating func score(slug text: String, title words: String) -> Int? {
        guard ASCIIDistance.isPlain(text), ASCIIDistance.isPlain(words) else { return nil }
        slug.removeAll(keepingCapacity: true)
        for b in text.utf8 { slug.append(ASCIIDistance.lower(b)) }
        title.removeAll(keepingCapacity: true)
        for b in words.utf8 { title.append(ASCIIDistance.lower(b)) }
        if ASCIIDistance.contains(slug, needle) || ASCIIDistance.contains(title, needle) { return 0 }
        let whole = distance(to: slug.count)
        let start = distance(to: min(needle.count, slug.count)) + 1
        return min(whole, start)
    }

    /// ASCII with no carriage return (a CR and LF together are one character, not two).
    static func isPlain(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D } }

    static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 32 : b }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        if needle.isEmpty { return true }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
            var j = 1
            while j < needle.count, haystack[i + j] == needle[j] { j += 1 }
            if j == needle.count { return true }
        }
        return false
    }

    /// Levenshtein distance between the needle and the slug's first `count` bytes.
    private mutating func distance(to count: Int) -> Int {
        if count == 0 { return needle.count }
        if previous.count < count + 1 {
            previous = [Int](repeating: 0, count: count + 1)
            current = previous
        }
        for j in 0...count { previous[j] = j }
        for i in 1...needle.count {
            current[0] = i
            for j in 1...count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (needle[i - 1] == slug[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[count]
    }
}
