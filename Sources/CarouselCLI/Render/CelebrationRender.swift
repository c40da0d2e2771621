import CarouselCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The terminal's word when a day starts to count: calm, brief, once a day on this device.
enum CelebrationRender {
    /// Says it on a terminal, once that day. Quiet when output is piped, under `reduce_motion`,
    /// and when this device already celebrated the day. `theme: plain` (or no colour) gets the
    /// sentence alone: no sparkle, no colour, no frames.
    static func show(_ celebration: Celebration?, ws: Workspace) {
        guard let c = celebration, CommandLineRun.current.output.isTerminal, !ws.settings.reduceMotion,
              !Celebration.alreadyShown(c.date, vault: ws.vault) else { return }
        Celebration.markShown(c.date, vault: ws.vault)
        let t = Terminal.current
        let text = c.sentence
        guard t.color, ws.settings.theme != "plain" else { return print(text) }
        // Two soft frames, a quarter of a second in all, then the sentence stays on the same line.
        // The carriage returns are written as they are (the terminal redraws with them); only
        // the sentence goes through `print`, which would show a control character as text.
        for (i, frame) in ["·", "✧"].enumerated() {
            CommandLineRun.current.write((i == 0 ? "" : "\r") + t.yellow(frame))
            CommandLineRun.current.flush()
            usleep(120_000)
        }
        CommandLineRun.current.write("\r")
        print(t.yellow("✦") + " " + t.green(text))
    }
}
