import CarouselCore
import Foundation

/// Where the account's password comes from, first that answers: `CAROUSEL_CALDAV_PASSWORD`; a
/// file named at `connect` (outside the vault, readable by its owner only: mode 0600 or 0400);
/// git's credential helpers (`git credential fill` for the account's address and user). It is
/// never written to the vault, `carousel.yaml`, `.carousel/` or history.
public enum CalDAVPassword {
    public static func find(account: String, user: String, file: String?, vault: Vault,
                            environment: [String: String]) throws(CarouselError) -> String {
        if let p = environment["CAROUSEL_CALDAV_PASSWORD"], !p.isEmpty { return p }
        if let file { return try read(file: file, vault: vault) }
        if let p = fromGit(account: account, user: user, environment: environment) { return p }
        throw .usage("no password for \(user) at \(account): set CAROUSEL_CALDAV_PASSWORD, store it with a git credential helper "
            + "(`git credential approve`), or connect again with --password-file FILE (mode 0600, outside the vault)")
    }

    /// The file's first line, refused when others may read it or when it lies in the vault.
    public static func read(file: String, vault: Vault) throws(CarouselError) -> String {
        let path = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
        let root = URL(fileURLWithPath: vault.root).standardizedFileURL.resolvingSymlinksInPath().path
        if path == root || path.hasPrefix(root + "/") {
            throw .usage("\(file) is inside the vault, where git would keep it; move the password file out of the vault")
        }
        var st = stat()
        guard stat(path, &st) == 0 else { throw .io("cannot read the password file \(file): \(String(cString: strerror(errno)))") }
        guard st.st_mode & 0o077 == 0 else {
            throw .usage("\(file) can be read by others (mode \(String(st.st_mode & 0o777, radix: 8))); `chmod 600 \(file)` and run again")
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw .io("cannot read the password file \(file)") }
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard !line.isEmpty else { throw .usage("the password file \(file) is empty") }
        return line
    }

    /// `git credential fill` with the account's protocol, host, path and user; nil when no
    /// helper knows it. Git is asked not to prompt (`GIT_TERMINAL_PROMPT=0`, no askpass).
    static func fromGit(account: String, user: String, environment: [String: String]) -> String? {
        guard let url = URL(string: account), let scheme = url.scheme, let host = url.host else { return nil }
        let hostPort = url.port.map { "\(host):\($0)" } ?? host
        let input = "protocol=\(scheme)\nhost=\(hostPort)\nusername=\(user)\n\n"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["git", "credential", "fill"]
        var env = environment
        env["GIT_TERMINAL_PROMPT"] = "0"
        env["GIT_ASKPASS"] = "/bin/false"
        env["SSH_ASKPASS"] = "/bin/false"
        p.environment = env
        let stdin = Pipe(), stdout = Pipe()
        p.standardInput = stdin
        p.standardOutput = stdout
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try? stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return nil }
        for line in String(decoding: out, as: UTF8.self).split(separator: "\n") where line.hasPrefix("password=") {
            let value = String(line.dropFirst("password=".count))
            return value.isEmpty ? nil : value
        }
        return nil
    }
}
