/// Names that arrive as data (an `id`, a slug, a tag, an attachment name, from a peer or a
/// hand-made file) and may only become part of a path when they are one plain component.
public enum PathName {
    /// Why `name` may not be used as one path component, or nil when it may: no `/` or `\`,
    /// no `..`, no NUL or other control character, no leading dot, not empty.
    public static func problem(_ name: String) -> String? {
        if name.isEmpty { return "it is empty" }
        // Plain ASCII (every id Carousel writes) is judged byte by byte: the same answers, without
        // Foundation's string search, on every card of a cold index.
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return asciiProblem(name.utf8) }
        if name.hasPrefix(".") { return "it starts with a dot" }
        if name.contains("/") || name.contains("\\") { return "it contains a slash" }
        if name.contains("..") { return "it contains \"..\"" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) }) {
            return "it contains a control character"
        }
        return nil
    }

    private static func asciiProblem(_ name: String.UTF8View) -> String? {
        if name.first == UInt8(ascii: ".") { return "it starts with a dot" }
        if name.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }) { return "it contains a slash" }
        var previous: UInt8 = 0
        for b in name {
            if b == UInt8(ascii: "."), previous == b { return "it contains \"..\"" }
            previous = b
        }
        if name.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return "it contains a control character" }
        return nil
    }

    public static func isSafe(_ name: String) -> Bool { problem(name) == nil }

    /// The ASCII letters and digits of `name`, lowercased: what a name contributes to a file
    /// name made by Carousel (empty when nothing is left).
    public static func plainPart(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.filter {
            ($0.value >= 48 && $0.value <= 57) || ($0.value >= 65 && $0.value <= 90) || ($0.value >= 97 && $0.value <= 122)
        })).lowercased()
    }

    /// Whether a vault-relative path is plain: relative, no empty, `.` or `..` parts, no NUL or
    /// control characters, and not inside `.git` or `.carousel`.
    public static func isPlainRelativePath(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/") else { return false }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for part in parts {
            if part.isEmpty || part == "." || part == ".." { return false }
            if part.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return false }
        }
        let first = parts[0].lowercased()
        return first != ".git" && first != Vault.localDir
    }
}
