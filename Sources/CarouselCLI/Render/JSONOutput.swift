import Foundation
import CarouselCore

/// Every `--json` output goes through here: a `Codable` value, encoded with snake_case keys
/// spelled out in each type's `CodingKeys`, keys sorted so output is stable to diff.
enum JSONOutput {
    /// `snakeCase` only for the older outputs whose types do not spell out their keys.
    static func render<T: Encodable>(_ value: T, snakeCase: Bool = false) -> String {
        do {
            return String(decoding: try JSONText.encoder(.pretty, snakeCase: snakeCase).encode(value), as: UTF8.self)
        } catch {
            printError("could not write JSON: \(error)")
            return "null"
        }
    }
}

extension Encodable {
    /// Prints this value as pretty JSON on stdout.
    /// Not through the safe `print`: JSON escapes control characters itself and keeps the exact text.
    func printJSON() { CommandLineRun.current.write(JSONOutput.render(self) + "\n") }
}

/// A key chosen at run time: front-matter fields are the person's own, kept as written.
struct AnyKey: CodingKey {
    let stringValue: String
    init(_ s: String) { stringValue = s }
    init?(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
}

/// Front-matter as written (cards, habits, journal days) encodes as itself.
extension JSON: Encodable {
    func encode(to encoder: Encoder) throws {
        switch self {
        case .null:
            var c = encoder.singleValueContainer()
            try c.encodeNil()
        case let .bool(b):
            var c = encoder.singleValueContainer()
            try c.encode(b)
        case let .int(i):
            var c = encoder.singleValueContainer()
            try c.encode(i)
        case let .double(d):
            var c = encoder.singleValueContainer()
            if d.isNaN || d.isInfinite { try c.encodeNil() } else { try c.encode(d) }
        case let .string(s):
            var c = encoder.singleValueContainer()
            try c.encode(s)
        case let .array(items):
            var c = encoder.unkeyedContainer()
            for item in items { try c.encode(item) }
        case let .object(pairs):
            var c = encoder.container(keyedBy: AnyKey.self)
            for (k, v) in pairs { try c.encode(v, forKey: AnyKey(k)) }
        }
    }
}

/// An optional field that is written as `null` when empty (synthesized `Codable` would leave it
/// out), so every documented key is always there.
@propertyWrapper
struct OrNull<T: Encodable>: Encodable {
    var wrappedValue: T?
    init(wrappedValue: T?) { self.wrappedValue = wrappedValue }

    func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        if let v = wrappedValue { try c.encode(v) } else { try c.encodeNil() }
    }
}

/// A card's short number for the day: present (a number, or `null` when it has none) on views
/// that number cards, absent elsewhere.
struct ShortNumber: Encodable {
    let value: Int?
    func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        if let value { try c.encode(value) } else { try c.encodeNil() }
    }

    static func of(_ card: Card, _ numbers: ShortNumbers?) -> ShortNumber? {
        numbers.map { ShortNumber(value: $0.number(for: card)) }
    }
}

/// A number written as an integer when it is whole (2, not 2.0).
struct Amount: Encodable {
    let value: Double
    init(_ v: Double) { value = v }
    func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        if value.isNaN || value.isInfinite { try c.encodeNil() }
        else if value == value.rounded(), abs(value) < 1e15 { try c.encode(Int(value)) }
        else { try c.encode(value) }
    }
}
