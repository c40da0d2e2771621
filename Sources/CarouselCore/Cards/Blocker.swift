import Foundation

/// One entry of a card's `blocked_by:` list: the card it waits for and how (TaskNotes'
/// dependency entry). An entry is written as a plain name (`blocked_by: [buy-paint]`) or as
/// TaskNotes writes it, a mapping with `uid` and `reltype` (and an optional `gap`).
public struct Blocker: Sendable, Equatable, Codable {
    /// The card waited for: its slug or id, read out of a link when written as one.
    public var ref: String
    /// FINISHTOSTART (the default), STARTTOSTART, FINISHTOFINISH or STARTTOFINISH. Kept and
    /// shown, but any of them blocks until the other card is done (as the spec's v0.1 says).
    public var reltype: String

    public static let relationTypes = ["FINISHTOSTART", "STARTTOSTART", "FINISHTOFINISH", "STARTTOFINISH"]

    public init(ref: String, reltype: String = "FINISHTOSTART") {
        self.ref = ref
        self.reltype = reltype
    }

    /// The slug or id a written reference names: `[[buy-paint]]`, `[[cards/buy-paint|Buy paint]]`,
    /// `[Buy paint](cards/buy-paint.md)`, `cards/buy-paint.md` and `buy-paint` all name `buy-paint`.
    public static func normalize(_ text: String) -> String {
        var s = text.trimmingCharacters(in: .whitespaces)
        if s.hasPrefix("[["), s.hasSuffix("]]") {
            s = String(s.dropFirst(2).dropLast(2))
            if let bar = s.firstIndex(of: "|") { s = String(s[..<bar]) }
            if let hash = s.firstIndex(of: "#") { s = String(s[..<hash]) }
        } else if s.hasPrefix("["), s.hasSuffix(")"), let open = s.range(of: "](") {
            s = String(s[open.upperBound...].dropLast())
            s = s.removingPercentEncoding ?? s
        }
        if s.hasSuffix(".md") { s = String(s.dropLast(3)) }
        if let slash = s.lastIndex(of: "/") { s = String(s[s.index(after: slash)...]) }
        return s.trimmingCharacters(in: .whitespaces)
    }
}
