import CarouselCore
import Foundation

/// Every line this program prints for a person goes through here: text from files (titles,
/// tags, bodies, notes, habit names, commit subjects, sync messages) can carry escape
/// sequences, and `VisibleText.escape` shows them instead of letting the terminal act on them.
/// The renderer's own colours are kept when colour is on. `--json` output does not come
/// here (`printJSON`): JSON escapes control characters itself and must keep the exact text.
///
/// This shadows the standard library's `print` for the whole command line, so no command can
/// forget it, and writes to the run's standard output (`CommandLineRun`).
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator) + terminator
    CommandLineRun.current.write(VisibleText.escape(text, keepingColor: Terminal.current.color))
}

/// Writes text to standard output, shown safely (the prompts and timers that write without a
/// line end).
func writeOut(_ text: String) {
    let run = CommandLineRun.current
    run.write(VisibleText.escape(text, keepingColor: run.terminal.color))
    run.flush()
}

/// Writes text to standard output as it is, for JSON: it escapes control characters itself and
/// must keep the exact text.
func printRaw(_ text: String, terminator: String = "\n") {
    CommandLineRun.current.write(text + terminator)
}
