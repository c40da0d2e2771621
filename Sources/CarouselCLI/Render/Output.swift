import CarouselCore
#if canImport(Glibc)
import Glibc
#endif

/// Prints view lines, dropping the padding `fit` leaves at line ends so piped text stays tidy
/// (see `LineWriter`).
func printLines(_ lines: [String]) {
    // As `print` of the joined lines: an empty list is one empty line.
    guard !lines.isEmpty else { return print("") }
    var writer = LineWriter()
    for line in lines { writer.append(line) }
    writer.flush()
}

/// Writes view lines to standard output in chunks. Each line is trimmed of trailing spaces as
/// bytes (a space is one byte in UTF-8 and never part of another character) and made safe for a
/// terminal, as `print` shows everything (SafeOutput.swift). A list of 60,000 cards is written a
/// few thousand lines at a time, so its text is never held whole.
struct LineWriter {
    private var out: [UInt8] = []
    private var lines = 0
    static let chunk = 4096

    mutating func append(_ line: String) {
        var line = line
        line.withUTF8 { bytes in
            var end = bytes.count
            while end > 0 && bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<end]))
        }
        out.append(UInt8(ascii: "\n"))
        lines += 1
        if lines >= LineWriter.chunk { flush() }
    }

    /// Writes what is held. Escapes never span a line end, so chunks at line ends change nothing.
    mutating func flush() {
        defer { out.removeAll(keepingCapacity: true); lines = 0 }
        guard !out.isEmpty else { return }
        let safe = VisibleText.escape(String(decoding: out, as: UTF8.self), keepingColor: Terminal.current.color)
        CommandLineRun.current.write(safe)
    }
}
