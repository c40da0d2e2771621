/// Bounds on what front-matter may contain, checked before the full YAML parser runs, so a
/// hostile file (an alias bomb, absurd nesting, a giant file) gets a clear error instead of
/// unbounded time or memory.
enum YAMLLimits {
    /// Largest card, habit or journal file Carousel reads.
    static let maxFileBytes = 1 << 20
    /// Deepest nesting of lists and mappings.
    static let maxDepth = 32

    /// The first problem in the front-matter lines, with its 1-based line and column in the lines.
    static func check(_ lines: [String]) -> (line: Int, column: Int, message: String)? {
        for (i, line) in lines.enumerated() {
            var quote: UInt8 = 0
            var previous: UInt8 = 32
            var depth = 0
            var column = 0
            // An alias can only begin a node: at the start of a line, after `: `, `- ` or `? `,
            // or after `[`, `{` or `,` inside a flow collection.
            var atNodeStart = true
            // After an anchor (`&a`) or a tag (`!t`) and a space, the node still starts there.
            var inProperty = false
            for b in line.utf8 {
                column += 1
                if quote != 0 {
                    if b == quote { quote = 0 }
                    previous = b
                    continue
                }
                if b == 32 {
                    if previous == 58 || ((previous == 45 || previous == 63) && atNodeStart) || inProperty { atNodeStart = true }
                    inProperty = false
                    previous = b
                    continue
                }
                if atNodeStart, b == UInt8(ascii: "*") {
                    return (i + 1, column, "YAML aliases (*name) are not supported in front-matter; write the value out")
                }
                if b == 34 || b == 39, atNodeStart {
                    quote = b
                } else if b == UInt8(ascii: "#"), previous == 32 {
                    break
                }
                // Brackets open a collection only where a node starts or inside another one;
                // elsewhere they are just characters of a plain value.
                let opens = (b == 91 || b == 123) && (atNodeStart || depth > 0)
                if opens {
                    depth += 1
                    if depth > maxDepth { return (i + 1, column, "front-matter is nested more than \(maxDepth) levels deep") }
                } else if (b == 93 || b == 125) && depth > 0 {
                    depth -= 1
                }
                if atNodeStart, b == UInt8(ascii: "&") || b == UInt8(ascii: "!") { inProperty = true }
                let keepsStart = (b == 45 || b == 63) && atNodeStart
                atNodeStart = keepsStart || opens || (b == 44 && depth > 0)
                previous = b
            }
            let indent = line.utf8.prefix { $0 == 32 }.count
            if indent > maxDepth * 4 { return (i + 1, 1, "front-matter is nested more than \(maxDepth) levels deep") }
        }
        return nil
    }
}
