import CarouselCore
#if canImport(Glibc)
import Glibc
#endif

/// Prints view lines, dropping the padding `fit` leaves at line ends so piped text stays tidy.
/// The lines are trimmed as bytes (a space is one byte in UTF-8 and never part of another
/// character), made safe for a terminal, and written in one go: a month of 100,000 cards is tens of thousands of lines.
func printLines(_ lines: [String]) {
    // As `print` of the joined lines: an empty list is one empty line.
    guard !lines.isEmpty else { return print("") }
    var out: [UInt8] = []
    out.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
    for line in lines {
        var line = line
        line.withUTF8 { bytes in
            var end = bytes.count
            while end > 0 && bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<end]))
        }
        out.append(UInt8(ascii: "\n"))
    }
    // Shown safely, as `print` shows everything (SafeOutput.swift).
    var safe = VisibleText.escape(String(decoding: out, as: UTF8.self), keepingColor: Terminal.current.color)
    // What `print` still holds in its buffer goes first.
    fflush(nil)
    safe.withUTF8 { bytes in
        var at = 0
        while at < bytes.count {
            let n = write(1, bytes.baseAddress! + at, bytes.count - at)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            at += n
        }
    }
}
