/// argument-parser's help and usage with no line wider than the terminal: it wraps the option
/// lists but leaves the `USAGE:` line whole, which is over 100 columns for most commands.
enum HelpText {
    /// `text` with each line wider than `width` folded at spaces, its continuation lines indented
    /// under the line's first word after its own indent (`USAGE: carousel pick [--vault <vault>]`
    /// goes on under `carousel`).
    static func fit(_ text: String, width: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { raw -> [String] in
            let line = String(raw)
            guard displayWidth(line) > width else { return [line] }
            let indent = line.prefix { $0 == " " }
            let body = line.dropFirst(indent.count)
            // Under the second word for "USAGE: …", else two further in.
            let hang = body.hasPrefix("USAGE: ") ? indent + String(repeating: " ", count: 7) : indent + "  "
            return Wrapped.lines(String(body), width: width, first: String(indent), rest: String(hang))
        }.joined(separator: "\n")
    }
}
