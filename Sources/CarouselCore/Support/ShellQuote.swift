import Foundation

/// Quotes a word for a POSIX shell when it needs it, so a printed hint runs as printed:
/// `my vault` becomes `'my vault'`, and `it's` becomes `'it'\''s'`.
public func shellQuoted(_ word: String) -> String {
    let safe = !word.isEmpty && word.unicodeScalars.allSatisfy { s in
        (s.value < 128 && (s.properties.isAlphabetic || ("0"..."9").contains(Character(s)))) || "_@%+=:,./-".unicodeScalars.contains(s)
    }
    return safe ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
