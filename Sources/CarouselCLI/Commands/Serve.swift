import ArgumentParser
import CarouselCore
import CarouselDevices
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `carousel serve`: hands over to the `carousel-serve` program beside this one (as git runs
/// `git-foo`), so the web server is never linked into, or loaded by, the command line.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Show the views as a local web page (127.0.0.1 only, with an access token; --lan for a phone over HTTPS).",
        discussion: """
            Prints an address like http://127.0.0.1:PORT/?token=…; open it once and the browser keeps \
            a cookie. Every change on the page is the same commit the matching command makes. With --lan \
            it listens on the local network over HTTPS and prints a pairing QR code for a phone. See docs/web.md.
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

    @Flag(help: "Listen on the local network over HTTPS and print a pairing code for a phone.")
    var lan = false

    @Option(help: "With --lan, listen on this address only instead of every interface.")
    var lanAddress: String?

    @Option(help: "With --lan, your own certificate (PEM) instead of the one made for this computer.")
    var tlsCert: String?

    @Option(help: "With --lan, the private key (PEM) of --tls-cert.")
    var tlsKey: String?

    @Flag(help: "List the devices paired with --lan, and stop.")
    var devices = false

    @Option(help: "End the session of the paired device with this id, and stop.")
    var revoke: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0–65535, found \(port)") }
        if let now, DateValue(text: now)?.minutes == nil {
            throw ValidationError("--now must be a date and time like 2026-11-23T09:30, found \"\(now)\"")
        }
        if !lan, lanAddress != nil || tlsCert != nil || tlsKey != nil {
            throw ValidationError("--lan-address, --tls-cert and --tls-key go with --lan")
        }
        if lan, listen != nil { throw ValidationError(ServeSaid.listenAndLAN) }
        if (tlsCert == nil) != (tlsKey == nil) {
            throw ValidationError(ServeSaid.tlsPair)
        }
        if devices && revoke != nil { throw ValidationError("--devices and --revoke do not go together") }
    }

    func run() throws {
        try reporting {
            let vault = try options.locateVault()
            if devices { return try listDevices(vault) }
            if let revoke { return try revokeDevice(revoke, vault) }
            guard let program = Serve.locateServer() else {
                throw CarouselError.usage("carousel serve needs the carousel-serve program next to carousel or on PATH; "
                    + "`swift build` builds both and `make install` installs both")
            }
            var args = [program, "--vault", vault.root, "--port", String(port)]
            if let day = options.pinnedDay { args += ["--today", day.iso] }
            if let now { args += ["--now", now] }
            if let listen { args += ["--listen", listen] }
            if lan { args.append("--lan") }
            if let lanAddress { args += ["--lan-address", lanAddress] }
            if let tlsCert { args += ["--tls-cert", Serve.absolute(tlsCert)] }
            if let tlsKey { args += ["--tls-key", Serve.absolute(tlsKey)] }
            if open { args.append("--open") }
            CommandLineRun.current.flush()
            fflush(nil)
            let cArgs = args.map { strdup($0) } + [nil]
            execv(program, cArgs)
            throw CarouselError.io("cannot run \(program): \(String(cString: strerror(errno)))")
        }
    }

    /// `carousel-serve` beside this executable (symlinks followed), else the first on PATH.
    static func locateServer() -> String? { locateProgram("carousel-serve") }

    /// A program beside this executable (symlinks followed), else the first on PATH.
    static func locateProgram(_ name: String) -> String? {
        var candidates: [String] = []
        if let own = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(VaultPath.folder(of: own) + "/" + name)
        }
        let argv0 = CommandLine.arguments[0]
        if argv0.contains("/") { candidates.append(VaultPath.folder(of: argv0) + "/" + name) }
        for dir in (CommandLineRun.current.environment["PATH"] ?? "").split(separator: ":") {
            candidates.append(String(dir) + "/" + name)
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
