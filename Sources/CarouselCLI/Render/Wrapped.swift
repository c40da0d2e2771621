/// Plain text folded at spaces to fit a width, for the views' long sentences ("Why this one: …"),
/// so no line is wider than the terminal (80 columns when it cannot be read).
enum Wrapped {
    /// `text` as lines of at most `width` columns, the first starting with `first`, the rest with
    /// `rest` (a hanging indent). A word longer than a line is left whole on its own line.
    static func lines(_ text: String, width: Int, first: String = "", rest: String = "") -> [String] {
        var out: [String] = []
        var line = first
        var empty = true
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let candidate = empty ? line + word : line + " " + word
            if !empty && displayWidth(candidate) > width {
                out.append(line)
                line = rest + word
            } else {
                line = candidate
            }
            empty = false
        }
        out.append(line)
        return out
    }
}
