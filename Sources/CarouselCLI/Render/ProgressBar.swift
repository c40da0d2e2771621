import CarouselCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A one-line progress bar on stderr for long work, only when stderr is a terminal.
enum ProgressBar {
    /// The index refresh's reporter, or nil when stderr is not a terminal.
    static func indexing() -> CardIndex.Progress? {
        let run = CommandLineRun.current
        guard run.errors.isTerminal else { return nil }
        return { done, total in
            let width = 24
            let filled = total == 0 ? width : done * width / total
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            let line = "\r  Reading your cards \(bar) \(done)/\(total)" + (done == total ? "\r\u{1B}[K" : "")
            run.writeError(line)
        }
    }
}
