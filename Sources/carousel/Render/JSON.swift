import Foundation

/// A JSON value that keeps its keys in the order they were given, so output is stable to diff.
enum JSON {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    static func str(_ s: String?) -> JSON { s.map(JSON.string) ?? .null }

    /// Pretty-printed with two-space indents.
    func render(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .null: return "null"
        case let .bool(b): return b ? "true" : "false"
        case let .int(i): return String(i)
        case let .double(d):
            if d.isNaN || d.isInfinite { return "null" }
            if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
            return String(d)
        case let .string(s): return JSON.quote(s)
        case let .array(items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { inner + $0.render(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case let .object(pairs):
            if pairs.isEmpty { return "{}" }
            return "{\n" + pairs.map { inner + JSON.quote($0.0) + ": " + $0.1.render(indent: inner) }.joined(separator: ",\n")
                + "\n\(indent)}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    func print() { Swift.print(render()) }
}
