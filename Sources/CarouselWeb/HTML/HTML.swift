/// A piece of markup that is safe to send: text put into it is escaped on the way in, so a card
/// titled `<img src=x onerror=alert(1)>` shows as those characters. The only way to add markup
/// that is not escaped is `HTML(trusted:)`, used for the page's own constant CSS and scripts.
public struct HTML: Sendable, ExpressibleByStringInterpolation {
    public private(set) var rendered: String

    public init(trusted markup: String) { rendered = markup }

    /// Text, escaped.
    public init(stringLiteral value: String) { rendered = HTML.escape(value) }

    public init(stringInterpolation: Interpolation) { rendered = stringInterpolation.rendered }

    /// Interpolated strings are escaped; interpolated `HTML` is kept as it is.
    public struct Interpolation: StringInterpolationProtocol {
        var rendered = ""
        public init(literalCapacity: Int, interpolationCount: Int) { rendered.reserveCapacity(literalCapacity * 2) }
        public mutating func appendLiteral(_ literal: String) { rendered += HTML.escape(literal) }
        public mutating func appendInterpolation(_ value: String) { rendered += HTML.escape(value) }
        public mutating func appendInterpolation(_ value: Int) { rendered += String(value) }
        public mutating func appendInterpolation(_ value: HTML) { rendered += value.rendered }
    }

    public static let empty = HTML(trusted: "")

    /// Escapes the five characters that can change the meaning of text or of a quoted attribute.
    public static func escape(_ text: String) -> String {
        guard text.contains(where: { "&<>\"'".contains($0) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(ch)
            }
        }
        return out
    }

    public static func + (a: HTML, b: HTML) -> HTML { HTML(trusted: a.rendered + b.rendered) }
}

extension Array where Element == HTML {
    public func joined() -> HTML { HTML(trusted: map(\.rendered).joined()) }
}

/// Attributes in the order given; values are escaped, and nil values are left out.
public typealias Attributes = KeyValuePairs<String, String?>

/// Elements. Tag and attribute names are constants of this module; values and children are escaped.
public enum H {
    static let void: Set<String> = ["input", "meta", "link", "br", "img", "hr"]

    public static func el(_ tag: String, _ attributes: Attributes = [:], _ children: [HTML] = []) -> HTML {
        var s = "<" + tag
        for (name, value) in attributes {
            guard let value else { continue }
            s += " " + name + "=\"" + HTML.escape(value) + "\""
        }
        s += ">"
        if void.contains(tag) { return HTML(trusted: s) }
        for child in children { s += child.rendered }
        return HTML(trusted: s + "</" + tag + ">")
    }

    public static func el(_ tag: String, _ attributes: Attributes = [:], _ text: String) -> HTML {
        el(tag, attributes, [HTML(stringLiteral: text)])
    }

    public static func text(_ s: String) -> HTML { HTML(stringLiteral: s) }

    /// A POST form for one action: the CSRF token rides along as a hidden field.
    public static func action(_ verb: String, token: String, fields: KeyValuePairs<String, String> = [:],
                              label: String, title: String? = nil, cls: String = "button") -> HTML {
        var inputs = [el("input", ["type": "hidden", "name": "csrf", "value": token])]
        for (name, value) in fields { inputs.append(el("input", ["type": "hidden", "name": name, "value": value])) }
        inputs.append(el("button", ["type": "submit", "class": cls, "title": title, "aria-label": title], label))
        return el("form", ["method": "post", "action": "/actions/" + verb, "class": "inline", "data-action": verb], inputs)
    }
}
