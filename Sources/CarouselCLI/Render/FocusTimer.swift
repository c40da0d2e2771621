import CarouselCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Set by the SIGINT handler; read by the timer loop.
nonisolated(unsafe) private var focusInterrupted: sig_atomic_t = 0

/// The live countdown: one line redrawn in place, keys read without Enter.
struct FocusTimer {
    let minutes: Int
    let title: String?
    let reduceMotion: Bool

    struct Outcome {
        var minutes: Int
        var interrupted: Bool
    }

    func run() -> Outcome {
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        signal(SIGINT) { _ in focusInterrupted = 1 }
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            signal(SIGINT, SIG_DFL)
            print("")
        }
        let total = Double(minutes * 60)
        var focused = 0.0
        var paused = false
        var last = Date()
        var lastDraw = Date.distantPast
        let t = Terminal.current
        print("Focusing" + (title.map { " on " + t.bold($0) } ?? "") + " for \(minutes) min. " + t.dim("p pause · q stop"))
        while focused < total {
            if focusInterrupted != 0 { return Outcome(minutes: Int(focused / 60), interrupted: true) }
            var fds = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            if poll(&fds, 1, 250) > 0 {
                var byte: UInt8 = 0
                if read(STDIN_FILENO, &byte, 1) == 1 {
                    switch byte {
                    case UInt8(ascii: "q"), UInt8(ascii: "Q"): return Outcome(minutes: Int(focused / 60), interrupted: false)
                    case UInt8(ascii: "p"), UInt8(ascii: "P"): paused.toggle(); lastDraw = .distantPast
                    default: break
                    }
                }
            }
            let now = Date()
            if !paused { focused += now.timeIntervalSince(last) }
            last = now
            let every: TimeInterval = reduceMotion ? 60 : 1
            if now.timeIntervalSince(lastDraw) >= every {
                lastDraw = now
                draw(focused: focused, total: total, paused: paused)
            }
        }
        draw(focused: total, total: total, paused: false)
        return Outcome(minutes: minutes, interrupted: false)
    }

    func draw(focused: Double, total: Double, paused: Bool) {
        let t = Terminal.current
        let width = max(10, min(40, t.width - 30))
        let filled = Int(Double(width) * min(1, focused / total))
        let left = max(0, Int(total - focused))
        let bar = t.green(String(repeating: "█", count: filled)) + t.dim(String(repeating: "░", count: width - filled))
        let clock = String(format: "%02d:%02d", left / 60, left % 60)
        CommandLineRun.current.write("\r" + VisibleText.escape(bar + "  " + clock + (paused ? "  paused" : "        "), keepingColor: Terminal.current.color))
        CommandLineRun.current.flush()
    }
}
