import CarouselCore
import CarouselDevices
import CarouselGit
import Foundation
import NIOSSL

/// The HTTPS certificate of `carousel serve --lan`: the person's own (`--tls-cert`/`--tls-key`,
/// PEM), or one made for this computer by the `openssl` program and kept in `.carousel/` (the key
/// readable by this account only), made again when the computer's names or addresses are no
/// longer all in it.
public struct ServeCertificate {
    public static let certPath = Vault.localDir + "/serve-cert.pem"
    static let keyPath = Vault.localDir + "/serve-key.pem"
    static let namesPath = Vault.localDir + "/serve-cert.names"

    public let chain: [NIOSSLCertificate]
    public let key: NIOSSLPrivateKey
    /// SHA-256 of the certificate (DER), as `AB:CD:…`.
    public let fingerprint: String
    /// Whether it was made just now (a phone that trusted the old one must trust this one).
    public let made: Bool

    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// TLS 1.2 at the least: 1.0 and 1.1 are refused in the handshake.
    public var tlsConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        return configuration
    }

    /// Noted in the list of names beside a certificate made as a leaf (`CA:FALSE`); one kept by an
    /// older Carousel, made as a CA, lacks it and is made again.
    static let leafMark = "#leaf"

    /// The person's own certificate and key.
    public static func given(cert: String, key: String) throws -> ServeCertificate {
        try load(cert: cert, key: key, made: false, shown: (cert, key))
    }

    /// This vault's own, made with `openssl` when missing or when `names` (DNS names and IP
    /// addresses) are not all in it.
    public static func own(vault: Vault, names: [String]) throws -> ServeCertificate {
        _ = try vault.stateFolder()
        let cert = vault.url(certPath), key = vault.url(keyPath), list = vault.url(namesPath)
        let kept = Set(((try? String(contentsOfFile: list, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init))
        let fm = FileManager.default
        var made = false
        if !fm.fileExists(atPath: cert) || !fm.fileExists(atPath: key) || !Set(names + [leafMark]).isSubset(of: kept) {
            try make(vault: vault, names: names.sorted())
            made = true
        }
        return try load(cert: cert, key: key, made: made, shown: (certPath, keyPath))
    }

    static func load(cert: String, key: String, made: Bool, shown: (cert: String, key: String)) throws -> ServeCertificate {
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(cert)
        } catch {
            throw Problem(description: "\(shown.cert) is not a PEM certificate (\(error)); give a certificate with --tls-cert, a key with --tls-key")
        }
        guard let first = chain.first else { throw Problem(description: "\(shown.cert) holds no certificate") }
        let privateKey: NIOSSLPrivateKey
        do {
            privateKey = try NIOSSLPrivateKey(file: key, format: .pem)
        } catch {
            throw Problem(description: "\(shown.key) is not a PEM private key (\(error))")
        }
        let der = try first.toDERBytes()
        return ServeCertificate(chain: chain, key: privateKey, fingerprint: SHA256.fingerprint(der), made: made)
    }

    /// A self-signed P-256 certificate for `names`, valid 397 days (what browsers take), written
    /// beside its key and the list of names it was made for. It is a leaf (`CA:FALSE`, for signing
    /// a TLS handshake only): a phone that trusts it trusts this server, and its key can sign no
    /// other certificate.
    static func make(vault: Vault, names: [String]) throws {
        guard let openssl = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map({ "\($0)/openssl" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Problem(description: "making a certificate for --lan needs the openssl program (Debian: apt install openssl); "
                + "or give your own with --tls-cert FILE --tls-key FILE (PEM, for example from mkcert or your tailnet)")
        }
        let san = names.map { ($0.contains(":") || $0.allSatisfy { $0.isNumber || $0 == "." } ? "IP:" : "DNS:") + $0 }.joined(separator: ",")
        let tmpCert = vault.url(certPath + ".new"), tmpKey = vault.url(keyPath + ".new")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: openssl)
        process.arguments = ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                             "-keyout", tmpKey, "-out", tmpCert, "-days", "397", "-subj", "/O=Carousel/CN=\(LANAddresses.names().first ?? "carousel")",
                             "-addext", "subjectAltName=\(san)", "-addext", "extendedKeyUsage=serverAuth",
                             "-addext", "basicConstraints=critical,CA:FALSE", "-addext", "keyUsage=critical,digitalSignature"]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitForExit()
        guard process.terminationStatus == 0 else {
            throw Problem(description: "openssl could not make a certificate: \(String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)); "
                + "give your own with --tls-cert FILE --tls-key FILE")
        }
        // openssl writes a private key readable by its owner only; made sure of here all the same.
        chmod(tmpKey, 0o600)
        guard rename(tmpKey, vault.url(keyPath)) == 0, rename(tmpCert, vault.url(certPath)) == 0 else {
            throw Problem(description: "cannot save the certificate in \(Vault.localDir): \(String(cString: strerror(errno)))")
        }
        _ = try FileSystem.writeAtomically((names + [leafMark]).joined(separator: "\n") + "\n", to: vault.url(namesPath), shownAs: namesPath)
    }
}
