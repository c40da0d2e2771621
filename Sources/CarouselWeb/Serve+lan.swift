import CarouselCore
import CarouselDevices
import Foundation
import Hummingbird

extension ServeArguments {
    /// `--lan` goes with `--lan-address` and the pair `--tls-cert`/`--tls-key`, never with `--listen`.
    func checkLAN() throws {
        if !lan {
            for (flag, value) in [("--lan-address", lanAddress), ("--tls-cert", tlsCert), ("--tls-key", tlsKey)] where value != nil {
                throw Problem(description: "\(flag) goes with --lan")
            }
            return
        }
        if options.address != "127.0.0.1" { throw Problem(description: ServeSaid.listenAndLAN) }
        if (tlsCert == nil) != (tlsKey == nil) { throw Problem(description: ServeSaid.tlsPair) }
    }
}

extension Serve {
    /// `--lan`: HTTPS on the local network (every interface, or `--lan-address`), the certificate's
    /// fingerprint and a pairing QR code printed, paired devices let in by their own cookie.
    static func runLAN(_ args: ServeArguments, vault: Vault, store: VaultStore, environment: [String: String]) async -> Int32 {
        let address = args.lanAddress ?? "0.0.0.0"
        let wildcard = address == "0.0.0.0" || address == "::"
        let ips = LANAddresses.ipv4()
        let names = LANAddresses.names()
        let certificate: ServeCertificate
        do {
            if let cert = args.tlsCert, let key = args.tlsKey {
                certificate = try ServeCertificate.given(cert: cert, key: key)
            } else {
                let covered = names + ["localhost"] + ips + ["127.0.0.1"] + (wildcard ? [] : [address])
                certificate = try ServeCertificate.own(vault: vault, names: Array(Set(covered)))
            }
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            return 1
        }
        let pinned = args.now.map(\.description) ?? environment["CAROUSEL_NOW"].flatMap { $0.isEmpty ? nil : $0 }
        let pairing = Pairing(devices: PairedDevices(vault: vault), now: { pinned ?? Pairing.localMinute() }, onPaired: { device in
            FileHandle.standardOutput.write(Data("Paired \(device.name) as device \(device.id). `carousel serve --revoke \(device.id)` ends its session.\n".utf8))
        })
        let access = Access(pairing: pairing, secure: true)
        access.ownAddresses = Set(ips)
        var options = args.options
        options.address = address
        options.tls = certificate.tlsConfiguration
        options.limits = .lan
        // Every address a phone might reach: the private ones (never loopback), or the one asked for.
        let candidates = wildcard ? ips.filter { !GuardMiddleware<WebContext>.loopback($0) } : [address]
        let host = candidates.first ?? "127.0.0.1"
        let reachable = !GuardMiddleware<WebContext>.loopback(host)
        let fingerprint = certificate.fingerprint, made = certificate.made
        let colour = isatty(STDOUT_FILENO) == 1 && (environment["NO_COLOR"] ?? "").isEmpty
        do {
            let app = try buildApplication(store: store, access: access, options: options) { port in
                access.allow(names: names + ["localhost"], port: port)
                let base = "https://\(host.contains(":") ? "[\(host)]" : host):\(port)"
                let pair = "\(base)/pair?code=\(pairing.pendingCode ?? "")"
                // Listening everywhere, this computer opens the page at its loopback address.
                let own = wildcard ? "https://127.0.0.1:\(port)" : base
                let others = (candidates.dropFirst().map { $0.contains(":") ? "[\($0)]" : $0 } + (wildcard && reachable ? names : []))
                    .map { "  https://\($0):\(port)/" }
                let also = others.isEmpty ? "" : "It answers at this computer's other addresses too:\n" + others.joined(separator: "\n") + "\n"
                // A code that leads a phone to 127.0.0.1 would lead it to itself: none is drawn then.
                let qr = reachable ? (try? QRCode(text: pair).terminal(colour: colour)) ?? "" : wildcard
                    ? "This computer has no address on a local network right now (no Wi-Fi or cable), so a phone cannot reach it "
                        + "and no code is drawn. Connect it to a network and start `carousel serve --lan` again."
                    : "\(host) is this computer's own address, which a phone cannot reach, so no code is drawn. "
                        + "The pairing address works from this computer, or through a tunnel to it."
                let origin = made ? "made for this computer just now, kept in \(ServeCertificate.certPath)"
                    : args.tlsCert.map { "from \($0)" } ?? "kept in \(ServeCertificate.certPath)"
                FileHandle.standardOutput.write(Data("""
                    Serving \(vault.root) on the local network at \(base)/ (HTTPS only).
                    \(also)Certificate SHA-256 fingerprint (\(origin)):
                      \(fingerprint)
                    To pair a phone, scan this code with it or open the pairing address; it works once.
                    If the browser warns about the certificate, check that its SHA-256 fingerprint is the one above.
                    \(qr)
                    \(pair)
                    On this computer: \(own)/?token=\(access.token)
                    `carousel serve --devices` lists paired devices; `carousel serve --revoke ID` ends one. Ctrl-C stops the server.

                    """.utf8))
                if args.open { openBrowser("\(own)/?token=\(access.token)") }
            }
            try await app.runService()
            return 0
        } catch {
            FileHandle.standardError.write(Data("error: cannot serve on \(address):\(args.options.port): \(error)\n".utf8))
            return 1
        }
    }
}
