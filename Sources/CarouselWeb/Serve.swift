import CarouselCore
import Foundation
import Hummingbird

/// The arguments `carousel serve` passes on.
public struct ServeArguments: Sendable {
    public var vault = ""
    public var today: Day?
    /// Reminders as if it were this time (else `CAROUSEL_NOW`, else the clock).
    public var now: DateValue?
    public var options = ServeOptions()
    public var open = false
    /// `--lan`: HTTPS on the local network, with pairing; `lanAddress` binds one address instead of every one.
    public var lan = false
    public var lanAddress: String?
    public var tlsCert: String?
    public var tlsKey: String?

    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    public static func parse(_ args: [String]) throws -> ServeArguments {
        var result = ServeArguments()
        var i = 0
        func value(_ flag: String) throws -> String {
            i += 1
            guard i < args.count else { throw Problem(description: "\(flag) needs a value") }
            return args[i]
        }
        while i < args.count {
            switch args[i] {
            case "--vault": result.vault = try value("--vault")
            case "--today":
                let text = try value("--today")
                guard let day = Day(iso: text) else { throw Problem(description: "--today must be a date like 2026-11-23, found \"\(text)\"") }
                result.today = day
            case "--now":
                let text = try value("--now")
                guard let v = DateValue(text: text), v.minutes != nil else {
                    throw Problem(description: "--now must be a date and time like 2026-11-23T09:30, found \"\(text)\"")
                }
                result.now = v
            case "--port":
                let text = try value("--port")
                guard let port = Int(text), (0...65535).contains(port) else { throw Problem(description: "--port must be 0–65535, found \"\(text)\"") }
                result.options.port = port
            case "--listen": result.options.address = try value("--listen")
            case "--open": result.open = true
            case "--lan": result.lan = true
            case "--lan-address": result.lanAddress = try value("--lan-address")
            case "--tls-cert": result.tlsCert = try value("--tls-cert")
            case "--tls-key": result.tlsKey = try value("--tls-key")
            default: throw Problem(description: "unknown argument \"\(args[i])\"")
            }
            i += 1
        }
        guard !result.vault.isEmpty else { throw Problem(description: "--vault is required") }
        try result.checkLAN()
        return result
    }
}

public enum Serve {
    static let loopback: Set<String> = ["127.0.0.1", "::1", "localhost"]

    /// Serves until interrupted; returns the exit code.
    public static func run(_ args: ServeArguments) async -> Int32 {
        let vault: Vault
        do {
            vault = try Vault(at: args.vault)
        } catch {
            FileHandle.standardError.write(Data("error: \(error.localizedDescription)\n".utf8))
            return 1
        }
        OpenFileLimit.raise()
        let environment = ProcessInfo.processInfo.environment
        if args.now == nil, let text = environment["CAROUSEL_NOW"], !text.isEmpty, DateValue(text: text)?.minutes == nil {
            FileHandle.standardError.write(Data("error: CAROUSEL_NOW must be a date and time like 2026-11-23T09:30, found \"\(text)\"\n".utf8))
            return 1
        }
        let store = VaultStore(vault: vault, pinnedDay: args.today, environment: environment, pinnedNow: args.now)
        do {
            _ = try store.state()
        } catch {
            FileHandle.standardError.write(Data("error: \(error.localizedDescription)\n".utf8))
            return 1
        }
        if args.lan { return await runLAN(args, vault: vault, store: store, environment: environment) }
        let access = Access()
        let address = args.options.address
        if !loopback.contains(address) {
            FileHandle.standardError.write(Data(("warning: listening on \(address), not only on this computer. Anyone who can reach "
                + "this address and learns the token can read and change the vault; the connection is not encrypted.\n").utf8))
        }
        let open = args.open
        do {
            let app = try buildApplication(store: store, access: access, options: args.options) { port in
                let host = address.contains(":") ? "[\(address)]" : address
                let url = "http://\(host):\(port)/?token=\(access.token)"
                // Written straight to the file descriptor: whoever started us reads the address at once.
                FileHandle.standardOutput.write(Data(("Serving \(vault.root) at \(url)\n"
                    + "Open that address once in a browser; it then keeps a cookie. Ctrl-C stops the server.\n").utf8))
                if open { openBrowser(url) }
            }
            try await app.runService()
            return 0
        } catch {
            FileHandle.standardError.write(Data("error: cannot serve on \(address):\(args.options.port): \(error)\n".utf8))
            return 1
        }
    }

    static func openBrowser(_ url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            FileHandle.standardError.write(Data("note: could not open a browser (\(error.localizedDescription)); open the address above.\n".utf8))
        }
    }
}
