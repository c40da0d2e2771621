import Foundation

/// A title is one line. A line break inside one (a YAML block or an escaped `\n`, a newline
/// typed into a quoted argument) would otherwise start a new line in every list and in the
/// commit message that names the card, where it could pass for a line of its own. Each run of
/// line breaks becomes one space; the file keeps what it says until the card is next written.
public enum OneLine {
    public static func of(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isBreak) else { return text }
        var out = String.UnicodeScalarView()
        var lastWasBreak = false
        for s in text.unicodeScalars {
            if isBreak(s) {
                if !lastWasBreak { out.append(" ") }
                lastWasBreak = true
            } else {
                out.append(s)
                lastWasBreak = false
            }
        }
        return String(out).trimmingCharacters(in: .whitespaces)
    }

    /// LF, VT, FF, CR, NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR.
    static func isBreak(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }
}
