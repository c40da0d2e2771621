import CarouselGit
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `carousel sync` over the remotes people use: a real OpenSSH server and a real https git
/// server (nginx + git http-backend) on 127.0.0.1, reached with git's own keys, config,
/// credential helpers and certificates.
final class RemoteSyncTests: XCTestCase {
    var cleanup: [() -> Void] = []
    override func tearDown() {
        cleanup.forEach { $0() }
        cleanup = []
    }

    func tempRoot(_ name: String = #function) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("carousel-remote-\(name.filter(\.isLetter))-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        cleanup.append { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// A device whose git and ssh settings come from `prepare`, holding the vault at `url`:
    /// the first one makes it (init, one card, sync), the others clone it.
    func device(_ name: String, url: String, first: Bool, prepare: (Sandbox) throws -> Void) throws -> Sandbox {
        let s = try Sandbox("\(name)\(UUID().uuidString.prefix(4))")
        try prepare(s)
        if first {
            try s.initVault()
            try s.git(["remote", "add", "origin", url])
        } else {
            let r = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "clone", "-q", url, s.vault.path],
                                    env: s.environment, cwd: s.root)
            XCTAssertEqual(r.status, 0, "clone: \(r.stderr)")
            XCTAssertEqual(try s.carousel(["setup"]).status, 0)
        }
        for (k, v) in [("user.name", name), ("user.email", "\(name)@example.invalid"), ("carousel.device", name)] {
            try s.git(["config", k, v])
        }
        return s
    }

    func sync(_ s: Sandbox, file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try s.carousel(["sync", "--json"])
        XCTAssertEqual(r.status, 0, "sync on \(s.vault.lastPathComponent): \(r.stderr)", file: file, line: line)
    }

    /// Three devices edit the same cards at once and converge with every edit and no marker.
    func assertThreeDevicesConverge(url: String, prepare: (Sandbox) throws -> Void,
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        let a = try device("laptop", url: url, first: true, prepare: prepare)
        XCTAssertEqual(try a.carousel(["add", "Plan the trip", "--spoons", "2"]).status, 0)
        XCTAssertEqual(try a.carousel(["add", "Call Mum"]).status, 0)
        try sync(a, file: file, line: line)
        let b = try device("phone", url: url, first: false, prepare: prepare)
        let c = try device("desktop", url: url, first: false, prepare: prepare)
        XCTAssertEqual(try a.carousel(["set", "plan-the-trip", "spoons=3"]).status, 0)
        XCTAssertEqual(try b.carousel(["set", "plan-the-trip", "tags=travel"]).status, 0)
        XCTAssertEqual(try c.carousel(["set", "plan-the-trip", "importance=5"]).status, 0)
        XCTAssertEqual(try c.carousel(["done", "call-mum"]).status, 0)
        XCTAssertEqual(try b.carousel(["add", "Buy stamps"]).status, 0)
        for s in [a, b, c, a, b] { try sync(s, file: file, line: line) }
        let texts = try [a, b, c].map { try $0.read("cards/plan-the-trip.md") }
        XCTAssertEqual(Set(texts).count, 1, "the devices disagree:\n\(texts.joined(separator: "\n---\n"))", file: file, line: line)
        for needle in ["spoons: 3", "travel", "importance: 5"] {
            XCTAssertTrue(texts[0].contains(needle), "lost \(needle):\n\(texts[0])", file: file, line: line)
        }
        for s in [a, b, c] {
            XCTAssertTrue(try s.read("cards/call-mum.md").contains("done:"), file: file, line: line)
            XCTAssertTrue(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent("cards/buy-stamps.md").path))
            let markers = try s.git(["grep", "-l", "-e", "^<<<<<<< ", "-e", "^>>>>>>> ", "HEAD"]).stdout
            XCTAssertEqual(markers, "", "conflict markers", file: file, line: line)
        }
    }

    /// Two devices meet through the remote: the first pushes a card, the second clones it and
    /// pushes one back, the first takes it. What proves a way of signing in works, in four trips;
    /// the three-way convergence is proved once per protocol.
    func assertTwoDevicesMeet(url: String, prepare: (Sandbox) throws -> Void,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let a = try device("laptop", url: url, first: true, prepare: prepare)
        XCTAssertEqual(try a.carousel(["add", "Plan the trip"]).status, 0, file: file, line: line)
        try sync(a, file: file, line: line)
        let b = try device("phone", url: url, first: false, prepare: prepare)
        XCTAssertTrue(try b.carousel(["list", "--json"]).stdout.contains("Plan the trip"), "the clone lacks the card", file: file, line: line)
        XCTAssertEqual(try b.carousel(["add", "Buy stamps"]).status, 0, file: file, line: line)
        try sync(b, file: file, line: line)
        try sync(a, file: file, line: line)
        XCTAssertTrue(FileManager.default.fileExists(atPath: a.vault.appendingPathComponent("cards/buy-stamps.md").path),
                      "the card from the second device did not arrive", file: file, line: line)
        XCTAssertEqual(try a.git(["rev-parse", "HEAD"]).stdout, try b.git(["rev-parse", "HEAD"]).stdout, file: file, line: line)
    }

    // MARK: - ssh

    /// A device with its own key file, authorised on the server, that already trusts the host.
    func keyFileAndTrust(_ server: SSHServer) -> (Sandbox) throws -> Void {
        { s in
            let key = try SSHHome.prepare(s)
            try server.authorize(key.appendingPathExtension("pub"))
            try SSHHome.trust(s, server)
        }
    }

    func sshServer() throws -> SSHServer {
        let server = try SSHServer(root: try tempRoot())
        cleanup.insert({ server.stop() }, at: 0)
        return server
    }

    func testSSHWithTheKeyFileAndNoAgent() throws {
        let server = try sshServer()
        let repo = try server.bare("vault.git")
        // No user in the URL: ssh uses the account's name, as git does.
        try assertThreeDevicesConverge(url: server.url(repo, user: nil), prepare: keyFileAndTrust(server))
    }

    func testSSHWithTheAgentOnly() throws {
        let server = try sshServer()
        let repo = try server.bare("vault.git")
        try assertTwoDevicesMeet(url: server.url(repo)) { s in
            let key = try SSHHome.prepare(s, keyName: "agent_only")
            try server.authorize(key.appendingPathExtension("pub"))
            try SSHHome.trust(s, server)
            let agent = try SSHHome.agent(s, key: key)
            cleanup.insert({ agent.stop() }, at: 0)
        }
    }

    func testSSHWithAPassphraseKeyFromTheAgent() throws {
        let server = try sshServer()
        let repo = try server.bare("vault.git")
        try assertTwoDevicesMeet(url: server.url(repo)) { s in
            let key = try SSHHome.prepare(s, passphrase: "correct horse")
            try server.authorize(key.appendingPathExtension("pub"))
            try SSHHome.trust(s, server)
            let agent = try SSHHome.agent(s, key: key, passphrase: "correct horse")
            cleanup.insert({ agent.stop() }, at: 0)
        }
    }

    /// A key with a passphrase and no agent: sync cannot ask, so it names the key and the fix;
    /// with the key in an agent the same sync works.
    func testSSHWithALockedKeyAndNoAgentNamesTheKey() throws {
        let server = try sshServer()
        let repo = try server.bare("vault.git")
        var key: URL?
        let s = try device("laptop", url: server.url(repo), first: true) { s in
            key = try SSHHome.prepare(s, passphrase: "correct horse")
            try server.authorize(key!.appendingPathExtension("pub"))
            try SSHHome.trust(s, server)
        }
        XCTAssertEqual(try s.carousel(["add", "Call Mum"]).status, 0)
        let r = try s.carousel(["sync"])
        XCTAssertEqual(r.status, 3, r.stderr)
        XCTAssertTrue(r.stderr.contains("~/.ssh/id_ed25519 has a passphrase"), r.stderr)
        XCTAssertTrue(r.stderr.contains("ssh-add ~/.ssh/id_ed25519"), r.stderr)
        XCTAssertTrue(r.stderr.contains("nothing was lost"), r.stderr)
        XCTAssertEqual(try s.log().first, "add: Call Mum")
        let agent = try SSHHome.agent(s, key: try XCTUnwrap(key), passphrase: "correct horse")
        cleanup.insert({ agent.stop() }, at: 0)
        try sync(s)
    }

    func testSSHThroughAConfigHostAlias() throws {
        let server = try sshServer()
        let repo = try server.bare("vault.git")
        try assertTwoDevicesMeet(url: "vaulthost:" + repo.path) { s in
            let key = try SSHHome.prepare(s, keyName: "carousel_key")
            try server.authorize(key.appendingPathExtension("pub"))
            try SSHHome.trust(s, server)
            let config = "Host vaulthost\n  HostName 127.0.0.1\n  Port \(server.port)\n  User root\n  IdentityFile ~/.ssh/carousel_key\n"
            try Data(config.utf8).write(to: s.home.appendingPathComponent(".ssh/config"))
        }
    }

    func testSSHToAnUnknownHostIsRefusedWithTheFix() throws {
        let server = try sshServer()
        let repo = try server.bare("vault.git")
        let s = try device("laptop", url: server.url(repo), first: true) { s in
            let key = try SSHHome.prepare(s)
            try server.authorize(key.appendingPathExtension("pub"))
        }
        XCTAssertEqual(try s.carousel(["add", "Call Mum"]).status, 0)
        let r = try s.carousel(["sync"])
        XCTAssertEqual(r.status, 3, r.stderr)
        XCTAssertTrue(r.stderr.contains("is not known yet"), r.stderr)
        XCTAssertTrue(r.stderr.contains("ssh-keyscan -p \(server.port) 127.0.0.1"), r.stderr)
        XCTAssertTrue(r.stderr.contains("nothing was lost"), r.stderr)
        XCTAssertEqual(try s.log().first, "add: Call Mum")
        // Trusting it as the message says makes the next sync work.
        try SSHHome.trust(s, server)
        try sync(s)
    }

    func testSSHWithAChangedHostKeyIsRefused() throws {
        let server = try sshServer()
        let repo = try server.bare("vault.git")
        let s = try device("laptop", url: server.url(repo), first: true) { s in
            let key = try SSHHome.prepare(s)
            try server.authorize(key.appendingPathExtension("pub"))
            // known_hosts holds another key for this host and port.
            let other = s.root.appendingPathComponent("other_host_key")
            try shellRun(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", other.path], cwd: s.root)
            let pub = try String(contentsOf: other.appendingPathExtension("pub"), encoding: .utf8).split(separator: " ")
            try Data("[127.0.0.1]:\(server.port) \(pub[0]) \(pub[1])\n".utf8).write(to: s.home.appendingPathComponent(".ssh/known_hosts"))
        }
        XCTAssertEqual(try s.carousel(["add", "Call Mum"]).status, 0)
        let r = try s.carousel(["sync"])
        XCTAssertEqual(r.status, 3, r.stderr)
        XCTAssertTrue(r.stderr.contains("CHANGED"), r.stderr)
        XCTAssertEqual(try s.log().first, "add: Call Mum")
    }

    /// kill -9 while a push to the ssh remote runs: nothing is lost and the next sync completes.
    func testKillingASyncMidPushOverSSHLosesNothing() throws {
        let server = try sshServer()
        let repo = try server.bare("vault.git")
        let prepare = keyFileAndTrust(server)
        let a = try device("laptop", url: server.url(repo), first: true, prepare: prepare)
        try sync(a)
        var titles: [String] = []
        // Bodies big enough that the push takes a while; kills land at different stages.
        let body = String(repeating: "Notes from the week, kept in the vault. ", count: 400)
        // Six delays under `make stress`; three of them, early to late, otherwise.
        let delays: [Int] = Stress.pick(full: [30, 80, 150, 250, 400, 600], quick: [30, 150, 400])
        for (round, delay) in delays.enumerated() {
            for n in 0..<8 {
                let title = "Round \(round) card \(n)"
                titles.append(title)
                XCTAssertEqual(try a.carousel(["add", title]).status, 0)
                let slug = "round-\(round)-card-\(n)"
                try a.write("cards/\(slug).md", try a.read("cards/\(slug).md") + "\n\(body)\(UUID().uuidString)\n")
            }
            let p = try a.start(["sync"])
            usleep(useconds_t(delay * 1000))
            kill(p.processIdentifier, SIGKILL)
            p.waitForExit()
            let fsck = try a.git(["fsck", "--strict"])
            XCTAssertEqual(fsck.status, 0, "after a kill at \(delay) ms: \(fsck.stderr)")
        }
        let finish = try a.carousel(["sync"])
        XCTAssertEqual(finish.status, 0, finish.stderr)
        let b = try device("phone", url: server.url(repo), first: false, prepare: prepare)
        let listed = try b.carousel(["list", "--json"]).stdout
        for title in titles { XCTAssertTrue(listed.contains(title), "\(title) did not reach the remote") }
        XCTAssertEqual(try a.git(["rev-parse", "HEAD"]).stdout, try b.git(["rev-parse", "HEAD"]).stdout)
    }

    // MARK: - https

    func httpsServer() throws -> HTTPSGitServer {
        let server = try HTTPSGitServer(root: try tempRoot())
        cleanup.insert({ server.stop() }, at: 0)
        return server
    }

    /// git's credential store and the CA in the person's global git config.
    func storeCredentials(_ s: Sandbox, _ server: HTTPSGitServer, password: String? = nil, caInConfig: Bool = true) throws {
        let config = "[credential]\n\thelper = store\n" + (caInConfig ? "[http]\n\tsslCAInfo = \(server.caFile.path)\n" : "")
        try Data(config.utf8).write(to: s.home.appendingPathComponent(".gitconfig"))
        let line = "https://\(server.user):\(password ?? server.password)@127.0.0.1:\(server.port)\n"
        try Data(line.utf8).write(to: s.home.appendingPathComponent(".git-credentials"))
    }

    func testHTTPSWithACredentialHelperAndTheCAFromConfig() throws {
        let server = try httpsServer()
        _ = try server.bare("vault.git")
        try assertThreeDevicesConverge(url: server.url("vault.git")) { s in try storeCredentials(s, server) }
    }

    func testHTTPSWithTheCAFromTheEnvironment() throws {
        let server = try httpsServer()
        _ = try server.bare("vault.git")
        try assertTwoDevicesMeet(url: server.url("vault.git")) { s in
            try storeCredentials(s, server, caInConfig: false)
            s.extraEnvironment["GIT_SSL_CAINFO"] = server.caFile.path
        }
    }

    func testHTTPSWithWrongCredentialsIsRefusedClearly() throws {
        let server = try httpsServer()
        _ = try server.bare("vault.git")
        let s = try device("laptop", url: server.url("vault.git"), first: true) { s in try storeCredentials(s, server, password: "wrong") }
        XCTAssertEqual(try s.carousel(["add", "Call Mum"]).status, 0)
        let r = try s.carousel(["sync"])
        XCTAssertEqual(r.status, 3, r.stderr)
        XCTAssertTrue(r.stderr.contains("authentication failed"), r.stderr)
        XCTAssertFalse(r.stderr.contains("followRedirects"), r.stderr)
        XCTAssertFalse(r.stderr.contains("wrong"), "the password is never printed: \(r.stderr)")
        XCTAssertEqual(try s.log().first, "add: Call Mum")
        // No credentials at all: said so.
        try FileManager.default.removeItem(at: s.home.appendingPathComponent(".git-credentials"))
        let none = try s.carousel(["sync"])
        XCTAssertEqual(none.status, 3, none.stderr)
        XCTAssertTrue(none.stderr.contains("asked for credentials"), none.stderr)
        XCTAssertEqual(try s.log().first, "add: Call Mum")
    }

    func testHTTPSWithAnUntrustedCertificateIsRefusedClearly() throws {
        let server = try httpsServer()
        _ = try server.bare("vault.git")
        let s = try device("laptop", url: server.url("vault.git"), first: true) { s in try storeCredentials(s, server, caInConfig: false) }
        XCTAssertEqual(try s.carousel(["add", "Call Mum"]).status, 0)
        let r = try s.carousel(["sync"])
        XCTAssertEqual(r.status, 3, r.stderr)
        XCTAssertTrue(r.stderr.contains("certificate is not trusted"), r.stderr)
        XCTAssertTrue(r.stderr.contains("http.sslCAInfo"), r.stderr)
        XCTAssertEqual(try s.log().first, "add: Call Mum")
    }

    // MARK: - a stranger's repository config runs nothing

    /// Settings in the vault's own `.git/config` that would run a program: none of them runs,
    /// and the person's own ssh and credentials still work.
    func strangerConfig(_ s: Sandbox, sentinel: URL) throws {
        let touch = { (name: String) in "touch '\(sentinel.appendingPathComponent(name).path)'" }
        try s.git(["config", "core.sshCommand", "sh -c \"\(touch("ssh")); exec ssh \\\"\\$@\\\"\" --"])
        try s.git(["config", "credential.helper", "!f() { \(touch("helper")); echo username=alice; echo password=s3cret-token; }; f"])
        try s.git(["config", "core.fsmonitor", "\(touch("fsmonitor"))"])
        try s.git(["config", "remote.origin.uploadpack", "\(touch("uploadpack")); git-upload-pack"])
        try s.git(["config", "remote.origin.receivepack", "\(touch("receivepack")); git-receive-pack"])
        let included = s.root.appendingPathComponent("included.config")
        try Data("[core]\n\taskpass = \(touch("askpass"))\n".utf8).write(to: included)
        try s.git(["config", "include.path", included.path])
        for hook in ["pre-push", "post-merge", "reference-transaction", "post-checkout", "pre-auto-gc"] {
            let path = s.vault.appendingPathComponent(".git/hooks/\(hook)")
            try Data("#!/bin/sh\n\(touch(hook))\n".utf8).write(to: path)
            chmod(path.path, 0o755)
        }
    }

    func testAStrangersRepositoryConfigRunsNothingOverSSH() throws {
        let server = try sshServer()
        let repo = try server.bare("vault.git")
        let sentinel = try tempRoot()
        let prepare = keyFileAndTrust(server)
        let a = try device("laptop", url: server.url(repo), first: true, prepare: prepare)
        XCTAssertEqual(try a.carousel(["add", "Call Mum"]).status, 0)
        try strangerConfig(a, sentinel: sentinel)
        try sync(a)
        let b = try device("phone", url: server.url(repo), first: false, prepare: prepare)
        try strangerConfig(b, sentinel: sentinel)
        XCTAssertEqual(try b.carousel(["done", "call-mum"]).status, 0)
        try sync(b)
        try sync(a)
        XCTAssertTrue(try a.read("cards/call-mum.md").contains("done:"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: sentinel.path), [], "a program from .git/config ran")
    }

    func testAStrangersCredentialHelperIsNotAsked() throws {
        let server = try httpsServer()
        _ = try server.bare("vault.git")
        let sentinel = try tempRoot()
        let s = try device("laptop", url: server.url("vault.git"), first: true) { s in
            try Data("[http]\n\tsslCAInfo = \(server.caFile.path)\n".utf8).write(to: s.home.appendingPathComponent(".gitconfig"))
        }
        XCTAssertEqual(try s.carousel(["add", "Call Mum"]).status, 0)
        try strangerConfig(s, sentinel: sentinel)
        let r = try s.carousel(["sync"])
        XCTAssertEqual(r.status, 3, r.stderr)
        XCTAssertTrue(r.stderr.contains("asked for credentials"), r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: sentinel.path), [], "a program from .git/config ran")
        // The person's own helper, in their global config, is used.
        try storeCredentials(s, server)
        try sync(s)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: sentinel.path), [])
    }
}
