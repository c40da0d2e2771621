/// The one sanitiser for text that reaches a terminal: anything a file could carry that a
/// terminal would act on instead of showing is shown as a visible escape.
///
/// - ESC becomes `\e`, BEL `\a`, backspace `\b`, a carriage return `\r` (but CRLF is a line
///   end), other C0 controls and DEL `\xNN`;
/// - C1 controls (U+0080–U+009F, which some terminals take as ESC sequences) and the
///   bidirectional controls (embeddings, overrides, isolates, marks: U+061C, U+200E, U+200F,
///   U+202A–U+202E, U+2066–U+2069) become `\u{NNNN}`, so reordered text cannot hide what it says;
/// - a backslash stays a backslash: the escapes are for reading, not for parsing back.
///
/// Line feeds and tabs are kept. With `keepingColor`, an SGR sequence made only of what the
/// renderer itself uses (reset, bold, dim, strike, the eight foreground colours and the 256-colour
/// foreground) is let through, so the renderer's own colours survive; any other (conceal, blink,
/// reverse, backgrounds) is shown as text, and a line whose colour is still on at its end is
/// reset there. A file can then at most colour the rest of its own line, never hide text, move
/// the cursor, retitle the window, clear the screen or open a link.
public enum VisibleText {
    /// `keepingCRLF` keeps a CRLF pair as it is (CSV and iCalendar end their lines so).
    public static func escape(_ text: String, keepingColor: Bool = false, keepingCRLF: Bool = false) -> String {
        // Plain printable ASCII with line ends and tabs, the usual case: nothing to escape.
        guard text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 >= 0x7F }) else { return text }
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var i = 0
        var colourOn = false
        let reset = "\u{1B}[0m".unicodeScalars
        while i < scalars.count {
            let s = scalars[i]
            defer { i += 1 }
            if s == "\n", colourOn {
                out.append(contentsOf: reset)
                colourOn = false
            }
            guard needsEscape(s) else { out.append(s); continue }
            if s == "\r", i + 1 < scalars.count, scalars[i + 1] == "\n" {
                if keepingCRLF { out.append(s) }
                continue
            }
            if s == "\u{1B}", keepingColor, let end = sgrEnd(scalars, from: i) {
                let parameters = String(String.UnicodeScalarView(scalars[(i + 2)..<end]))
                if let resets = rendererSGR(parameters) {
                    out.append(contentsOf: scalars[i...end])
                    colourOn = !resets
                    i = end
                    continue
                }
            }
            out.append(contentsOf: visible(s).unicodeScalars)
        }
        if colourOn { out.append(contentsOf: reset) }
        return String(out)
    }

    /// A file name or path as one line of text: `escape`, and a line feed or tab in it shown as
    /// `\n` or `\t` too, so a name can never start a line of its own.
    public static func name(_ text: String) -> String {
        escape(text).replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
    }

    /// Whether a scalar must not reach a terminal as itself.
    public static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0A, 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    static func visible(_ s: Unicode.Scalar) -> String {
        switch s.value {
        case 0x1B: return "\\e"
        case 0x07: return "\\a"
        case 0x08: return "\\b"
        case 0x0D: return "\\r"
        case 0x00...0x1F, 0x7F: return "\\x" + hex(s.value, width: 2)
        default: return "\\u{" + hex(s.value, width: 4) + "}"
        }
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Whether an SGR's parameters are all ones the renderer uses (nil when not), and then
    /// whether it ends with everything reset.
    static func rendererSGR(_ parameters: String) -> Bool? {
        let codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? (($0.isEmpty) ? 0 : -1) }
        var resets = false
        var k = 0
        while k < codes.count {
            switch codes[k] {
            case 0: resets = true
            case 1, 2, 9, 22, 23, 29, 30...37, 39: resets = false
            case 38:
                // 38;5;N: a colour of the 256-colour palette, foreground only.
                guard k + 2 < codes.count, codes[k + 1] == 5, (0...255).contains(codes[k + 2]) else { return nil }
                resets = false
                k += 2
            default: return nil
            }
            k += 1
        }
        return resets
    }

    /// The index of the `m` ending an SGR sequence starting at `start` (ESC), if it is one.
    private static func sgrEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var j = start + 2
        while j < scalars.count, j - start < 32 {
            let c = scalars[j]
            if c == "m" { return j }
            guard ("0"..."9").contains(c) || c == ";" else { return nil }
            j += 1
        }
        return nil
    }
}
