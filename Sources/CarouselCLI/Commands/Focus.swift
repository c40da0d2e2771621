import ArgumentParser
import CarouselCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct Focus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "focus",
        abstract: "A focus timer; the session is saved in today's journal.",
        discussion: """
            On a terminal it counts down with a progress bar: p pauses, q ends early, Ctrl-C stops and \
            still records what you did. --minutes-elapsed N records a session without the timer.
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: "How long to focus, in minutes (default 25).")
    var minutes: Int = 25

    @Option(help: "The card you are focusing on (slug or id).", completion: .custom(completeRefs))
    var card: String?

    @Option(help: "Record a session of N minutes without running the timer (for scripts).")
    var minutesElapsed: Int?

    func validate() throws {
        if !(1...600).contains(minutes) { throw ValidationError("MINUTES must be 1–600, found \(minutes)") }
        if let m = minutesElapsed, !(0...1440).contains(m) { throw ValidationError("--minutes-elapsed must be 0–1440, found \(m)") }
    }

    func run() throws {
        try reporting {
            // Read what is needed and let go of the vault before a timer that may run for an hour.
            let (target, reduceMotion, now) = try lookUp()
            let startMinutes: Int
            let done: Int
            var interrupted = false
            if let minutesElapsed {
                done = minutesElapsed
                startMinutes = max(0, now - minutesElapsed)
            } else {
                guard CommandLineRun.current.inputIsTerminal, CommandLineRun.current.output.isTerminal else {
                    throw CarouselError.usage("the live timer needs a terminal; use --minutes-elapsed N to record a session")
                }
                startMinutes = now
                let outcome = FocusTimer(minutes: minutes, title: target?.title, reduceMotion: reduceMotion).run()
                done = outcome.minutes
                interrupted = outcome.interrupted
            }
            guard done > 0 else {
                return print((interrupted ? "Stopped early, after " : "") + (interrupted ? "less" : "Less") + " than a minute, so nothing was recorded. That's okay.")
            }
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let session = FocusSession(start: String(format: "%02d:%02d", startMinutes / 60, startMinutes % 60),
                                       planned: minutes, minutes: done, card: target?.slug)
            try ws.recordFocus(session, cardTitle: target?.title)
            if options.json {
                return Output(date: ws.today.iso, start: session.start, planned: minutes, minutes: done, card: target?.slug,
                              interrupted: interrupted).printJSON()
            }
            if interrupted { print("Stopped early — recorded the \(Words.plural(done, "minute")) you did.") }
            print("Saved a \(done)-minute focus session" + (target.map { " on " + $0.title } ?? "") + ". Nice work.")
        }
    }

    func lookUp() throws(CarouselError) -> (Card?, Bool, Int) {
        let ws = try options.workspace(writing: false)
        let target = try card.map { ref throws(CarouselError) in try ws.resolve(ref) }
        return (target, ws.settings.reduceMotion, ws.moment.minutes)
    }
}

extension Focus {
    /// `focus --json`.
    struct Output: Encodable {
        let date, start: String
        let planned, minutes: Int
        @OrNull var card: String?
        let interrupted: Bool
    }
}
