import ArgumentParser
import CarouselCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `carousel caldav connect|sync|status|disconnect`: hands over to the `carousel-caldav`
/// program beside this one, as `serve` does, so the command line never links an HTTP client.
struct CalDAV: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "caldav",
        abstract: "Sync dated cards and events with a CalDAV task list and calendar (your phone's Reminders and Calendar).",
        discussion: """
            carousel caldav connect URL --user NAME [--password-file FILE] [--tasks NAME] [--calendar NAME]
            carousel caldav sync [--send-back]    carousel caldav status    carousel caldav disconnect
            The password comes from CAROUSEL_CALDAV_PASSWORD, a file (mode 0600, outside the vault) or git's \
            credential helpers; it is never stored in the vault. See docs/caldav.md.
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(parsing: .allUnrecognized, help: "connect URL --user NAME, sync, status or disconnect, with their options.")
    var words: [String] = []

    func run() throws {
        try reporting {
            let vault = try options.locateVault()
            guard let program = Serve.locateProgram("carousel-caldav") else {
                throw CarouselError.usage("carousel caldav needs the carousel-caldav program next to carousel or on PATH; "
                    + "`swift build` builds both and `make install` installs both")
            }
            var args = [program] + words + ["--vault", vault.root]
            if let day = options.pinnedDay { args += ["--today", day.iso] }
            if options.json { args.append("--json") }
            CommandLineRun.current.flush()
            fflush(nil)
            let cArgs = args.map { strdup($0) } + [nil]
            execv(program, cArgs)
            throw CarouselError.io("cannot run \(program): \(String(cString: strerror(errno)))")
        }
    }
}
