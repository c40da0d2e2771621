import CarouselCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Colour and width for text output: colour only on a terminal, and never with NO_COLOR, unless
/// `--color always|never` says otherwise; the width is COLUMNS, else the terminal's, else 80.
struct Terminal {
    let color: Bool
    let width: Int

    /// The current run's (`CommandLineRun`).
    static var current: Terminal { CommandLineRun.current.terminal }

    init(color: Bool, width: Int) {
        self.color = color
        self.width = width
    }

    /// The settings for writing to `output` in `environment`; `choice` is `--color`'s (nil: auto),
    /// else CAROUSEL_COLOR's.
    init(environment env: [String: String], output: OutputSink, choice: ColorChoice?) {
        let choice = choice ?? env["CAROUSEL_COLOR"].flatMap(ColorChoice.init(rawValue:))
        let tty = output.isTerminal
        let noColor = env["NO_COLOR"].map { !$0.isEmpty } ?? false
        let force = env["FORCE_COLOR"].map { !$0.isEmpty && $0 != "0" } ?? false
        let cols = env["COLUMNS"].flatMap { Int($0) }.flatMap { $0 >= 20 ? $0 : nil } ?? output.columns ?? 80
        let auto = force || (tty && !noColor && env["TERM"] != "dumb")
        // --color always|never beats everything; `auto` is the rule above.
        self.init(color: choice == .always ? true : choice == .never ? false : auto, width: cols)
    }

    func paint(_ text: String, _ codes: String) -> String { color ? "\u{1B}[\(codes)m\(text)\u{1B}[0m" : text }
    func bold(_ t: String) -> String { paint(t, "1") }
    func dim(_ t: String) -> String { paint(t, "2") }
    func green(_ t: String) -> String { paint(t, "32") }
    func yellow(_ t: String) -> String { paint(t, "33") }
    func red(_ t: String) -> String { paint(t, "31") }
    func cyan(_ t: String) -> String { paint(t, "36") }
    func strike(_ t: String) -> String { paint(t, "2;9") }

    /// Category colours from the vault's settings (`categories:` in carousel.yaml).
    static var categoryColors: [String: String] { CommandLineRun.current.categoryColors }

    /// A category's text in the colour its settings give it.
    func category(_ name: String?, _ text: String) -> String {
        guard let name, let colour = Terminal.categoryColors[name.lowercased()],
              let code = Settings.colors.firstIndex(of: colour) else { return text }
        return paint(text, String(30 + code))
    }

    /// Tag styles from the vault's settings (`tags:` in carousel.yaml).
    static var tagStyles: [String: TagStyle] { CommandLineRun.current.tagStyles }

    /// `#errand` in its colour, after its icon (`🛒 #errand`); a tag without a colour is dim.
    func tag(_ name: String) -> String {
        let style = Terminal.tagStyles[name.lowercased()]
        let text = (style?.icon.map { $0 + " " } ?? "") + "#" + name
        guard let colour = style?.color, let code = Settings.colors.firstIndex(of: colour) else { return dim(text) }
        return paint(text, String(30 + code))
    }

    /// The plain text of `tag(_:)`, for measuring widths.
    static func tagText(_ name: String) -> String {
        (tagStyles[name.lowercased()]?.icon.map { $0 + " " } ?? "") + "#" + name
    }
}

/// Writes to standard error.
func printError(_ text: String) {
    let run = CommandLineRun.current
    run.printedErrors.withLock { _ = $0.insert(text) }
    run.writeError(VisibleText.escape(text + "\n", keepingColor: run.terminal.color))
}

/// Display width of text in a terminal: wide characters and emoji take two columns.
func displayWidth(_ text: String) -> Int {
    // Printable ASCII, the usual case: one column a byte.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
    var width = 0
    for ch in text {
        guard let scalar = ch.unicodeScalars.first else { continue }
        let v = scalar.value
        if scalar.properties.isEmojiPresentation || (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v)
            || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
            || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || ch.unicodeScalars.contains("\u{FE0F}") {
            width += 2
        } else {
            width += 1
        }
    }
    return width
}

/// Pads (or cuts, with an ellipsis) text to a display width.
func fit(_ text: String, _ width: Int) -> String {
    let w = displayWidth(text)
    if w <= width { return text + String(repeating: " ", count: width - w) }
    var out = ""
    var used = 0
    for ch in text {
        let cw = displayWidth(String(ch))
        if used + cw > width - 1 { break }
        out.append(ch)
        used += cw
    }
    return out + "…" + String(repeating: " ", count: max(0, width - used - 1))
}
