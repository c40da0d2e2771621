import Foundation

/// The one JSON encoder of the program: every `--json`, every JSON the page sends and every
/// JSON file Carousel keeps in `.carousel/` or the index is written by an encoder made here.
/// Keys are sorted so the same value is always the same text.
public enum JSONText {
    public enum Style: Sendable {
        /// For people and scripts: indented, `/` left as it is (`--json`, `.carousel/` files).
        case pretty
        /// For machines: one line (the page's fetches, the index's columns).
        case compact
    }

    /// `snakeCase` turns Swift's property names into snake_case keys for the types that do not
    /// spell their keys out in `CodingKeys`.
    public static func encoder(_ style: Style, snakeCase: Bool = false) -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = style == .pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        if snakeCase { e.keyEncodingStrategy = .convertToSnakeCase }
        e.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return e
    }

    /// The value as text; nil only when it cannot be encoded.
    public static func string<T: Encodable>(_ value: T, _ style: Style, snakeCase: Bool = false) -> String? {
        (try? encoder(style, snakeCase: snakeCase).encode(value)).map { String(decoding: $0, as: UTF8.self) }
    }
}
