@testable import CarouselGit
import XCTest

/// git's and ssh's words sorted into reasons, and hosts named the way ssh names them.
final class TransferErrorTests: XCTestCase {
    func testHostsOfRemoteURLs() {
        XCTAssertEqual(Repository.host(ofURL: "git@example.org:me/vault.git"), "example.org")
        XCTAssertEqual(Repository.host(ofURL: "ssh://me@example.org/vault.git"), "example.org")
        XCTAssertEqual(Repository.host(ofURL: "ssh://me@example.org:22/vault.git"), "example.org")
        XCTAssertEqual(Repository.host(ofURL: "ssh://me@127.0.0.1:2222/srv/vault.git"), "[127.0.0.1]:2222")
        XCTAssertEqual(Repository.host(ofURL: "ssh://[::1]:2222/vault.git"), "[::1]:2222")
        XCTAssertEqual(Repository.host(ofURL: "https://user:token@example.org/vault.git"), "example.org")
        XCTAssertNil(Repository.host(ofURL: "/srv/vault.git"))
        XCTAssertNil(Repository.host(ofURL: "../vault.git"))
    }

    func testKeyscanNamesThePort() {
        XCTAssertEqual(TransferError.keyscanArguments("[127.0.0.1]:2222"), "-p 2222 127.0.0.1")
        XCTAssertEqual(TransferError.keyscanArguments("example.org"), "example.org")
    }

    func testSSHWordsAreSorted() {
        let unknown = TransferError.classify(stderr: "No ED25519 host key is known for [127.0.0.1]:2200 and you have requested strict checking.\nHost key verification failed.\nfatal: Could not read from remote repository.", host: "x")
        XCTAssertEqual(unknown.kind, .hostKeyUnknown(host: "[127.0.0.1]:2200"))
        let batch = TransferError.classify(stderr: "Host key verification failed.\nfatal: Could not read from remote repository.", host: "[h]:1")
        XCTAssertEqual(batch.kind, .hostKeyUnknown(host: "[h]:1"))
        let denied = TransferError.classify(stderr: "git@h: Permission denied (publickey).\nfatal: Could not read from remote repository.", host: "h")
        XCTAssertEqual(denied.kind, .authenticationFailed)
        let noUser = TransferError.classify(stderr: "fatal: could not read Username for 'https://h': terminal prompts disabled", host: "h")
        XCTAssertEqual(noUser.kind, .noCredentials)
        let cert = TransferError.classify(stderr: "fatal: unable to access 'https://h/': server certificate verification failed. CAfile: none CRLfile: none", host: "h")
        XCTAssertEqual(cert.kind, .certificateUntrusted)
    }

    func testSSHTargets() {
        XCTAssertEqual(SSHIdentity.sshTarget("ssh://me@127.0.0.1:2222/srv/v.git")?.port, "2222")
        XCTAssertEqual(SSHIdentity.sshTarget("ssh://me@127.0.0.1:2222/srv/v.git")?.user, "me")
        XCTAssertEqual(SSHIdentity.sshTarget("git@example.org:me/v.git")?.host, "example.org")
        XCTAssertNil(SSHIdentity.sshTarget("git@example.org:me/v.git")?.port)
        XCTAssertEqual(SSHIdentity.sshTarget("vaulthost:srv/v.git")?.host, "vaulthost")
        XCTAssertNil(SSHIdentity.sshTarget("https://example.org/v.git"))
        XCTAssertNil(SSHIdentity.sshTarget("/srv/v.git"))
    }

    func testKeysWithAPassphraseAreFound() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, passphrase) in [("open", ""), ("locked", "secret")] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/ssh-keygen")
            p.arguments = ["-q", "-t", "ed25519", "-N", passphrase, "-f", dir.appendingPathComponent(name).path]
            try p.run()
            p.waitForExit()
            XCTAssertEqual(p.terminationStatus, 0)
        }
        XCTAssertFalse(SSHIdentity.isEncrypted(dir.appendingPathComponent("open").path))
        XCTAssertTrue(SSHIdentity.isEncrypted(dir.appendingPathComponent("locked").path))
        XCTAssertFalse(SSHIdentity.isEncrypted(dir.appendingPathComponent("missing").path))
    }

    /// The vault's own untrusted settings are replaced by the person's, read in one listing.
    func testTheVaultsOwnProgramsGiveWayToThePersons() throws {
        let (repo, home) = try makeRepository()
        let vault = home + "/vault"
        for (k, v) in [("core.sshCommand", "evil-ssh"), ("credential.helper", "!evil"), ("remote.origin.uploadpack", "evil-pack"),
                       ("http.sslVerify", "false"), ("core.gitProxy", "evil-proxy"), ("user.name", "Vault")] {
            try git(["config", k, v], in: vault, home: home)
        }
        try Data("[credential]\n\thelper = store\n[core]\n\tsshCommand = ssh -i ~/.ssh/mine\n".utf8)
            .write(to: URL(fileURLWithPath: home + "/.gitconfig"))
        let env = ["HOME": home, "XDG_CONFIG_HOME": home + "/.config", "GIT_CONFIG_NOSYSTEM": "1",
                   "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let trusted = repo.trustedTransferConfig(environment: env)
        XCTAssertEqual(trusted.sshCommand, "ssh -i ~/.ssh/mine")
        XCTAssertEqual(Set(trusted.overrides), ["credential.helper=", "credential.helper=store", "http.sslverify=true", "core.gitproxy=none"])
        // The empty value clears the vault's helpers before the person's own are listed.
        XCTAssertLessThan(try XCTUnwrap(trusted.overrides.firstIndex(of: "credential.helper=")),
                          try XCTUnwrap(trusted.overrides.firstIndex(of: "credential.helper=store")))
        XCTAssertEqual(trusted.options, ["--upload-pack=git-upload-pack"])
        XCTAssertTrue(Repository.sameKey("remote.Origin.UploadPack", "REMOTE.Origin.uploadpack"))
        XCTAssertFalse(Repository.sameKey("remote.origin.uploadpack", "remote.Origin.uploadpack"))
    }
}
