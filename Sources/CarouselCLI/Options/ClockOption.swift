import ArgumentParser
import CarouselCore

/// `--now HH:MM` for the views that show the time (home, `today`): the time of day they work
/// from, else the time of `CAROUSEL_NOW` (as `remind` reads it), else the clock.
struct ClockOption: ParsableArguments {
    @Option(help: "The time now, HH:MM (else the time of CAROUSEL_NOW, else the clock).")
    var now: String?

    func validate() throws {
        if let now, RemindSpec.timeOfDay(now) == nil {
            throw ValidationError("--now must be a time like 14:30, found \"\(now)\"")
        }
    }

    /// Minutes after midnight.
    func minutes(_ options: GlobalOptions, _ moment: Moment) -> Int {
        if let now, let m = RemindSpec.timeOfDay(now) { return m }
        if let env = options.environment["CAROUSEL_NOW"], let m = DateValue(text: env)?.minutes { return m }
        return moment.minutes
    }
}
