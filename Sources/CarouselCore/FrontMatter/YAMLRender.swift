import Foundation

/// Renders values as single YAML lines, quoting only when a plain scalar would read back differently.
public enum YAMLRender {
    public enum QuoteStyle: Sendable { case plain, single, double }

    /// `key: value` for a string, keeping the quoting style the field had when one is given.
    public static func line(_ key: String, string value: String, style: QuoteStyle = .plain) -> String {
        "\(key): \(scalar(value, style: style))"
    }

    /// `key: 3`
    public static func line(_ key: String, int value: Int) -> String { "\(key): \(value)" }

    /// `key: [a, b]` as a flow sequence (the style a person types by hand).
    public static func line(_ key: String, list: [String]) -> String {
        "\(key): [" + list.map { flowItem($0) }.joined(separator: ", ") + "]"
    }

    /// Block-sequence lines, for a field that was written that way.
    public static func blockLines(_ key: String, list: [String], indent: String) -> [String] {
        [key + ":"] + list.map { "\(indent)- \(scalar($0, style: .plain))" }
    }

    /// A scalar in the requested style, falling back to double quotes when needed.
    public static func scalar(_ value: String, style: QuoteStyle = .plain) -> String {
        switch style {
        case .double: return doubleQuoted(value)
        case .single: return value.contains("\n") ? doubleQuoted(value) : "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        case .plain: return needsQuotes(value) ? doubleQuoted(value) : value
        }
    }

    /// The quoting style of the value on a `key: value` line.
    public static func style(ofLine line: String) -> QuoteStyle {
        guard let colon = line.firstIndex(of: ":") else { return .plain }
        let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
        if value.hasPrefix("\"") { return .double }
        if value.hasPrefix("'") { return .single }
        return .plain
    }

    static func flowItem(_ value: String) -> String {
        let special = CharacterSet(charactersIn: ",[]{}")
        if value.rangeOfCharacter(from: special) != nil { return doubleQuoted(value) }
        return scalar(value)
    }

    static func doubleQuoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += String(format: "\\x%02X", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Whether a plain scalar would be read as something else (a number, bool, null, date,
    /// structure or comment), or cannot be written plain at all.
    static func needsQuotes(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first, let last = value.unicodeScalars.last else { return true }
        if first == " " || last == " " || first == "\t" || last == "\t" { return true }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) {
            // "-x" and ":x" are fine only when not followed by a space; keep it simple and quote.
            return true
        }
        if value.contains(": ") || value.contains(" #") || value.hasSuffix(":") { return true }
        if value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return true }
        let lower = value.lowercased()
        let reserved: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "~", "y", "n", ".nan", ".inf", "-.inf"]
        if reserved.contains(lower) { return true }
        if Double(value) != nil || Int(value) != nil { return true }
        if value.hasPrefix("0x") || value.hasPrefix("0o") { return true }
        if Day(iso: value) != nil { return false }  // dates are read as text by Carousel; keep them plain
        return false
    }
}
