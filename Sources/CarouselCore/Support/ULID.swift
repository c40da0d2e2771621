/// Universally unique, lexicographically sortable ids (ULID): 48 bits of milliseconds since the
/// epoch and 80 random bits, in Crockford base32. Two devices never mint the same id.
public enum ULID {
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

    /// A new id for `milliseconds` since 1970 (the caller's clock) with fresh randomness.
    public static func make(milliseconds: UInt64) -> String {
        var generator = SystemRandomNumberGenerator()
        var chars: [Character] = []
        chars.reserveCapacity(26)
        var time = milliseconds
        var timeChars: [Character] = []
        for _ in 0..<10 {
            timeChars.append(alphabet[Int(time & 31)])
            time >>= 5
        }
        chars.append(contentsOf: timeChars.reversed())
        for _ in 0..<16 { chars.append(alphabet[Int(generator.next() & 31)]) }
        return String(chars)
    }
}
