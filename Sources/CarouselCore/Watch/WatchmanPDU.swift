import Foundation

/// A value of Watchman's JSON protocol, as a request is built from them.
indirect enum WatchmanValue: Encodable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral, ExpressibleByIntegerLiteral {
    case string(String)
    case int(Int)
    case bool(Bool)
    case array([WatchmanValue])
    case object([String: WatchmanValue])

    init(stringLiteral value: String) { self = .string(value) }
    init(arrayLiteral elements: WatchmanValue...) { self = .array(elements) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(dictionaryLiteral elements: (String, WatchmanValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .string(let s): try c.encode(s)
        case .int(let n): try c.encode(n)
        case .bool(let b): try c.encode(b)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }
}

/// One answer of Watchman: the fields of every command Carousel sends, each there only when
/// that command gives it.
struct WatchmanAnswer: Decodable {
    struct File: Decodable {
        var name: String
        var exists: Bool?
        var new: Bool?
        var type: String?
    }

    var version: String?
    var error: String?
    var warning: String?
    var clock: String?
    var isFreshInstance: Bool?
    var files: [File]?
    var watch: String?
    var relativePath: String?
    var sockname: String?
    var unilateral: Bool?

    enum CodingKeys: String, CodingKey {
        case version, error, warning, clock, files, watch, sockname, unilateral
        case isFreshInstance = "is_fresh_instance"
        case relativePath = "relative_path"
    }
}
