import CarouselGit
import Foundation
import XCTest

/// `carousel serve --lan` for real: HTTPS on 127.0.0.1 (`--lan-address`, so the test never
/// listens elsewhere), the printed fingerprint against the certificate served, the QR code
/// against the printed address, a phone's session by the pairing code over `curl`, and revoking.
final class LANServeTests: XCTestCase {
    static let phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"

    func testAPhonePairsOverHTTPSAndIsRefusedOnceRevoked() throws {
        let box = try WebSandbox()
        try box.initVault()
        let server = try LANServer(box, ["--lan", "--lan-address", "127.0.0.1", "--port", "0"])
        defer { server.stop() }
        let cert = box.vault.appendingPathComponent(".carousel/serve-cert.pem").path
        XCTAssertTrue(server.output.contains("made for this computer just now"), server.output)
        XCTAssertEqual(server.fingerprint, try LANServer.fingerprint(ofFile: cert))
        XCTAssertEqual(try LANServer.fingerprintServed(port: server.port), server.fingerprint, "the certificate served is the one printed")
        let keyMode = try FileManager.default.attributesOfItem(atPath: box.vault.appendingPathComponent(".carousel/serve-key.pem").path)[.posixPermissions] as? Int
        XCTAssertEqual(keyMode, 0o600)

        // 127.0.0.1 would lead a phone to itself: the address is printed, and no code is drawn for it.
        XCTAssertEqual(server.qr, "", server.output)
        XCTAssertTrue(server.output.contains("127.0.0.1 is this computer's own address, which a phone cannot reach, so no code is drawn."), server.output)

        let jar = box.root.appendingPathComponent("phone-cookies").path
        XCTAssertEqual(try LANServer.curl(["--cacert", cert, server.base + "/"]).status, 401)
        let wrongCode = server.pairURL.replacingOccurrences(of: "code=", with: "code=0")
        XCTAssertEqual(try LANServer.curl(["--cacert", cert, wrongCode]).status, 401)
        let paired = try LANServer.curl(["--cacert", cert, "-A", Self.phone, "-c", jar, server.pairURL])
        XCTAssertEqual(paired.status, 303, paired.head)
        XCTAssertTrue(paired.head.lowercased().contains("set-cookie: carousel_device="), paired.head)
        for flag in ["HttpOnly", "Secure", "SameSite=Strict"] { XCTAssertTrue(paired.head.contains(flag), paired.head) }
        let home = try LANServer.curl(["--cacert", cert, "-b", jar, server.base + "/"])
        XCTAssertEqual(home.status, 200, home.head)
        XCTAssertTrue(home.body.contains("Today"), home.body)
        XCTAssertEqual(try LANServer.curl(["--cacert", cert, "-A", Self.phone, server.pairURL]).status, 401, "the code works once")
        XCTAssertTrue(try server.waitFor("Paired Safari on iPhone as device "), server.output)

        let listed = try box.carousel(["serve", "--devices", "--json"])
        XCTAssertEqual(listed.status, 0, listed.err)
        let devices = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [String: Any])?["devices"] as? [[String: Any]])
        XCTAssertEqual(devices.count, 1)
        XCTAssertEqual(devices.first?["name"] as? String, "Safari on iPhone")
        XCTAssertEqual(devices.first?["paired"] as? String, "2026-11-23T09:30", "CAROUSEL_NOW")
        let id = try XCTUnwrap(devices.first?["id"] as? String)
        let plain = try box.carousel(["serve", "--devices"])
        XCTAssertTrue(plain.out.contains(id) && plain.out.contains("Safari on iPhone"), plain.out)

        let revoked = try box.carousel(["serve", "--revoke", id])
        XCTAssertEqual(revoked.status, 0, revoked.err)
        XCTAssertTrue(revoked.out.contains("Revoked Safari on iPhone"), revoked.out)
        XCTAssertEqual(try LANServer.curl(["--cacert", cert, "-b", jar, server.base + "/"]).status, 401, "refused at once")
        let again = try box.carousel(["serve", "--revoke", id])
        XCTAssertEqual(again.status, 1, again.err)
        XCTAssertTrue(again.err.contains("no paired device has the id \(id)"), again.err)
        XCTAssertTrue(try box.carousel(["serve", "--devices"]).out.contains("No device is paired"))
    }

    func testTheirOwnCertificateIsUsed() throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        let cert = box.root.appendingPathComponent("mine.pem").path, key = box.root.appendingPathComponent("mine-key.pem").path
        let made = try WebSandbox.run(URL(fileURLWithPath: "/usr/bin/openssl"), [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key, "-out", cert,
            "-days", "30", "-subj", "/CN=my own", "-addext", "subjectAltName=IP:127.0.0.1",
        ], env: ["PATH": "/usr/bin:/bin"])
        XCTAssertEqual(made.status, 0, made.err)
        let server = try LANServer(box, ["--lan", "--lan-address", "127.0.0.1", "--tls-cert", cert, "--tls-key", key])
        defer { server.stop() }
        XCTAssertEqual(server.fingerprint, try LANServer.fingerprint(ofFile: cert))
        XCTAssertTrue(server.output.contains("from \(cert)"), server.output)
        XCTAssertEqual(try LANServer.fingerprintServed(port: server.port), server.fingerprint)
        XCTAssertFalse(FileManager.default.fileExists(atPath: box.vault.appendingPathComponent(".carousel/serve-cert.pem").path))
        let jar = box.root.appendingPathComponent("jar").path
        XCTAssertEqual(try LANServer.curl(["--cacert", cert, "-c", jar, server.pairURL]).status, 303)
        XCTAssertEqual(try LANServer.curl(["--cacert", cert, "-b", jar, server.base + "/"]).status, 200)
    }

    func testLANFlagsThatDoNotGoTogetherAreUsageErrors() throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        for (args, said) in [(["--tls-cert", "a.pem", "--tls-key", "b.pem"], "go with --lan"),
                             (["--lan", "--tls-cert", "a.pem"], "--tls-cert and --tls-key go together"),
                             (["--lan", "--listen", "0.0.0.0"], "--listen and --lan do not go together")] {
            let r = try box.carousel(["serve"] + args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.err)")
            XCTAssertTrue(r.err.contains(said), "\(args): \(r.err)")
        }
        let r = try box.carousel(["serve", "--lan", "--lan-address", "127.0.0.1", "--tls-cert", "/nowhere.pem", "--tls-key", "/nowhere-key.pem"])
        XCTAssertEqual(r.status, 1, r.err)
        XCTAssertTrue(r.err.contains("/nowhere.pem is not a PEM certificate"), r.err)
    }
}

/// A `carousel serve --lan` started by the test, read until it has printed its addresses.
final class LANServer: @unchecked Sendable {
    let process = Process()
    let pipe = Pipe()
    private let lock = NSLock()
    private var text = ""
    var output: String { lock.lock(); defer { lock.unlock() }; return text }
    private(set) var base = "", pairURL = "", fingerprint = "", qr = "", port = 0, token = ""

    /// `shell`, when given, runs first in the shell that then becomes the server (`ulimit -n 1024`).
    init(_ box: WebSandbox, _ args: [String], shell: String? = nil) throws {
        let program = WebSandbox.binDir.appendingPathComponent("carousel")
        let arguments = ["serve", "--vault", box.vault.path, "--today", box.today] + args
        if let shell {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "\(shell) && exec \"$0\" \"$@\"", program.path] + arguments
        } else {
            process.executableURL = program
            process.arguments = arguments
        }
        var env = box.environment
        env["CAROUSEL_NOW"] = "2026-11-23T09:30"
        process.environment = env
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            self.text += String(decoding: data, as: UTF8.self)
            self.lock.unlock()
        }
        try process.run()
        guard try waitFor("Ctrl-C stops the server.") else {
            stop()
            throw NSError(domain: "LANServer", code: 1, userInfo: [NSLocalizedDescriptionKey: "the server did not start: \(output)"])
        }
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        pairURL = lines.first { $0.hasPrefix("https://") && $0.contains("/pair?code=") } ?? ""
        base = pairURL.components(separatedBy: "/pair?")[0]
        port = Int(base.split(separator: ":").last ?? "") ?? 0
        if let i = lines.firstIndex(where: { $0.hasPrefix("Certificate SHA-256 fingerprint") }) {
            fingerprint = lines[i + 1].trimmingCharacters(in: .whitespaces)
        }
        token = lines.first { $0.hasPrefix("On this computer: ") }?.components(separatedBy: "?token=").last ?? ""
        qr = lines.filter { !$0.isEmpty && $0.allSatisfy { "█▀▄ ".contains($0) } }.joined(separator: "\n")
    }

    /// Waits up to 20 seconds for `marker` in the output.
    func waitFor(_ marker: String) throws -> Bool {
        for _ in 0..<200 {
            if output.contains(marker) { return true }
            if !process.isRunning { return output.contains(marker) }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return false
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitForExit()
        pipe.fileHandleForReading.readabilityHandler = nil
    }

    /// `AB:CD:…` of a PEM certificate, as openssl computes it.
    static func fingerprint(ofFile path: String) throws -> String {
        let r = try WebSandbox.run(URL(fileURLWithPath: "/usr/bin/openssl"), ["x509", "-in", path, "-noout", "-fingerprint", "-sha256"],
                                   env: ["PATH": "/usr/bin:/bin"])
        return r.out.components(separatedBy: "=").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }

    /// The fingerprint of the certificate the server presents in the TLS handshake.
    static func fingerprintServed(port: Int) throws -> String {
        let r = try WebSandbox.run(URL(fileURLWithPath: "/bin/sh"), ["-c",
            "openssl s_client -connect 127.0.0.1:\(port) </dev/null 2>/dev/null | openssl x509 -noout -fingerprint -sha256"],
            env: ["PATH": "/usr/bin:/bin"])
        return r.out.components(separatedBy: "=").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }

    /// One request by curl: the status, the response's head and body.
    static func curl(_ args: [String]) throws -> (status: Int, head: String, body: String) {
        let r = try WebSandbox.run(URL(fileURLWithPath: "/usr/bin/curl"), ["-sS", "-i", "--max-time", "20"] + args, env: ["PATH": "/usr/bin:/bin"])
        guard r.status == 0 else { return (-Int(r.status), r.err, "") }
        let parts = r.out.components(separatedBy: "\r\n\r\n")
        let head = parts.first ?? ""
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, head, parts.dropFirst().joined(separator: "\r\n\r\n"))
    }
}
