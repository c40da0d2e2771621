import ArgumentParser
import CarouselCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `carousel serve`: hands over to the `carousel-serve` program beside this one (as git runs
/// `git-foo`), so the web server is never linked into, or loaded by, the command line.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Show the views as a local web page (127.0.0.1 only, with an access token).",
        discussion: """
            Prints an address like http://127.0.0.1:PORT/?token=…; open it once and the browser keeps \
            a cookie. Every change on the page is the same commit the matching command makes. See docs/web.md.
            """)

    @OptionGroup var options: GlobalOptions

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 0

    @Option(help: "Listen on this address instead of 127.0.0.1 (other computers may then reach it).")
    var listen: String?

    @Option(help: "Reminders on the page as if it were this time, YYYY-MM-DDTHH:MM (else CAROUSEL_NOW, else the clock).")
    var now: String?

    @Flag(help: "Open the page in the default browser.")
    var open = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0–65535, found \(port)") }
        if let now, DateValue(text: now)?.minutes == nil {
            throw ValidationError("--now must be a date and time like 2026-11-23T09:30, found \"\(now)\"")
        }
    }

    func run() throws {
        try reporting {
            let vault = try options.locateVault()
            guard let program = Serve.locateServer() else {
                throw CarouselError.usage("carousel serve needs the carousel-serve program next to carousel or on PATH; "
                    + "`swift build` builds both and `make install` installs both")
            }
            var args = [program, "--vault", vault.root, "--port", String(port)]
            if let day = options.pinnedDay { args += ["--today", day.iso] }
            if let now { args += ["--now", now] }
            if let listen { args += ["--listen", listen] }
            if open { args.append("--open") }
            CommandLineRun.current.flush()
            fflush(nil)
            let cArgs = args.map { strdup($0) } + [nil]
            execv(program, cArgs)
            throw CarouselError.io("cannot run \(program): \(String(cString: strerror(errno)))")
        }
    }

    /// `carousel-serve` beside this executable (symlinks followed), else the first on PATH.
    static func locateServer() -> String? {
        let name = "carousel-serve"
        var candidates: [String] = []
        if let own = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append((own as NSString).deletingLastPathComponent + "/" + name)
        }
        let argv0 = CommandLine.arguments[0]
        if argv0.contains("/") { candidates.append(((argv0 as NSString).deletingLastPathComponent) + "/" + name) }
        for dir in (CommandLineRun.current.environment["PATH"] ?? "").split(separator: ":") {
            candidates.append(String(dir) + "/" + name)
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
