/// Lines of text as other programs write them: LF, CRLF (Windows, Dropbox) or a lone CR (old Mac),
/// with a leading byte-order mark dropped. In Swift "\r\n" is one Character, so splitting a
/// String on "\n" never splits a CRLF file: every reader of a person's text goes through here.
public enum TextLines {
    public static let byteOrderMark: Character = "\u{FEFF}"

    /// The lines without their line ends; a final line end does not make an empty last line
    /// unless `keepTrailingEmpty` is set.
    public static func split(_ text: String, keepTrailingEmpty: Bool = false) -> [Substring] {
        var body = Substring(text)
        if body.first == byteOrderMark { body = body.dropFirst() }
        var lines = body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        if !keepTrailingEmpty, lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// The text without a leading byte-order mark.
    public static func withoutBOM(_ text: String) -> String {
        text.first == byteOrderMark ? String(text.dropFirst()) : text
    }
}
