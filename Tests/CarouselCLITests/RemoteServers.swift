import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to the end with a plain environment; throws when it fails.
@discardableResult
func shellRun(_ args: [String], cwd: URL, env: [String: String] = [:], stdin: String? = nil) throws -> RunResult {
    var base = ["PATH": "/usr/sbin:/usr/bin:/bin", "HOME": cwd.path, "GIT_CONFIG_NOSYSTEM": "1", "LANG": "C.UTF-8"]
    base.merge(env) { $1 }
    let r = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), args, env: base, cwd: cwd, stdin: stdin)
    guard r.status == 0 else { throw SetupFailure("\(args.joined(separator: " ")) failed: \(r.stderr)") }
    return r
}

/// A setup step that failed: the test fails with the reason (`make test` installs every server).
struct SetupFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A long-running server started through `sh -c '… &'`, so it is not a child of the test
/// process (Foundation's Process waits on its children in a way a forking server confuses);
/// stopped by its process id.
final class DetachedServer {
    let pid: pid_t

    init(_ args: [String], cwd: URL, port: Int?, env: [String: String] = [:]) throws {
        let log = cwd.appendingPathComponent("server-\(UUID().uuidString.prefix(4)).log").path
        let quoted = args.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        // The shell first closes every descriptor above 2 it inherited from the test process
        // (Foundation's own sockets among them): a server holding one keeps the test waiting.
        let closeInherited = "for fd in $(ls /proc/$$/fd); do [ \"$fd\" -gt 2 ] && eval \"exec $fd>&-\"; done 2>/dev/null; "
        let r = try shellRun(["bash", "-c", closeInherited + "\(quoted) >'\(log)' 2>&1 </dev/null & echo $!"], cwd: cwd, env: env)
        guard let pid = pid_t(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw SetupFailure("\(args[0]) did not start: \(r.stderr)")
        }
        self.pid = pid
        guard let port else { return }
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while !GitDaemon.canConnect(port) {
            guard ContinuousClock.now < deadline, Self.isRunning(pid) else {
                stop()
                let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                throw SetupFailure("\(args[0]) did not start on port \(port): \(text)")
            }
            usleep(50_000)
        }
    }

    deinit { stop() }

    func stop() {
        guard Self.isRunning(pid) else { return }
        kill(pid, SIGTERM)
        let deadline = ContinuousClock.now.advanced(by: .seconds(5))
        while Self.isRunning(pid), ContinuousClock.now < deadline { usleep(20_000) }
        if Self.isRunning(pid) { kill(pid, SIGKILL) }
    }

    /// Alive and not a zombie: the server is not our child, so once it exits it waits for
    /// whoever adopted it to reap it, and `kill(pid, 0)` keeps answering until then.
    static func isRunning(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        return !stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }
}

/// Where the test servers are: `make test` unpacks Debian's sshd, nginx and fcgiwrap under
/// `.build/test-servers` (CAROUSEL_TEST_SERVER_ROOT) rather than installing them, since their
/// packages enable system services; a developer who has them installed uses those.
enum TestServers {
    static let root = ProcessInfo.processInfo.environment["CAROUSEL_TEST_SERVER_ROOT"].flatMap { $0.isEmpty ? nil : $0 }

    /// The unpacked copy of a file (`/usr/sbin/sshd`) when there is one, else the system's.
    static func path(_ absolute: String) -> String {
        if let root, FileManager.default.fileExists(atPath: root + absolute) { return root + absolute }
        return absolute
    }

    /// The environment an unpacked server needs: its own libraries (libwrap, libfcgi) first.
    static var environment: [String: String] {
        guard let root else { return [:] }
        return ["LD_LIBRARY_PATH": ["/usr/lib/x86_64-linux-gnu", "/lib/x86_64-linux-gnu"].map { root + $0 }.joined(separator: ":")]
    }
}

/// Is this program there (unpacked or installed)? Returns its path. (`make test` unpacks them;
/// a developer may not have.)
@discardableResult
func requireProgram(_ absolute: String) throws -> String {
    let path = TestServers.path(absolute)
    guard FileManager.default.fileExists(atPath: path) else {
        if ProcessInfo.processInfo.environment["CAROUSEL_TEST_SERVERS"] == "required" {
            throw SetupFailure("\(path) is missing; `make test` unpacks it")
        }
        throw XCTSkip("\(path) is missing (`make test-servers` unpacks it)")
    }
    return path
}

/// An OpenSSH server on 127.0.0.1, run as an ordinary process with its own host key and
/// authorized keys, serving bare repositories under `root`.
final class SSHServer {
    let root: URL
    let port: Int
    let hostKey: URL
    private var process: DetachedServer?

    init(root: URL) throws {
        let sshd = try requireProgram("/usr/sbin/sshd")
        self.root = root
        port = try GitDaemon.freePort()
        hostKey = root.appendingPathComponent("host_ed25519")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // sshd run as root wants its privilege-separation folder.
        try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
        try shellRun(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", hostKey.path], cwd: root)
        _ = FileManager.default.createFile(atPath: root.appendingPathComponent("authorized_keys").path, contents: nil)
        let config = """
            Port \(port)
            ListenAddress 127.0.0.1
            HostKey \(hostKey.path)
            AuthorizedKeysFile \(root.appendingPathComponent("authorized_keys").path)
            StrictModes no
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            UsePAM no
            PermitRootLogin yes
            PidFile \(root.appendingPathComponent("sshd.pid").path)
            LogLevel ERROR

            """
        try Data(config.utf8).write(to: root.appendingPathComponent("sshd_config"))
        process = try DetachedServer([sshd, "-D", "-e", "-f", root.appendingPathComponent("sshd_config").path],
                                     cwd: root, port: port, env: try Self.accounts(in: root))
    }

    deinit { stop() }

    func stop() { process?.stop() }

    /// sshd wants its privilege-separation account, `sshd`, which only the package's install
    /// script makes. The server reads its accounts through nss_wrapper instead: this account's
    /// own line and an `sshd` line, in a passwd file of its own. Nothing in /etc changes.
    private static func accounts(in root: URL) throws -> [String: String] {
        try requireProgram(SSHHome.wrapper)
        let me = getpwuid(getuid()).pointee
        let user = String(cString: me.pw_name), home = String(cString: me.pw_dir), shell = String(cString: me.pw_shell)
        let passwd = root.appendingPathComponent("server-passwd"), group = root.appendingPathComponent("server-group")
        try Data("""
            \(user):x:\(getuid()):\(getgid()):\(user):\(home):\(shell.isEmpty ? "/bin/sh" : shell)
            sshd:x:64999:65534::/run/sshd:/usr/sbin/nologin

            """.utf8).write(to: passwd)
        try Data("\(String(cString: getgrgid(getgid()).pointee.gr_name)):x:\(getgid()):\nnogroup:x:65534:\n".utf8).write(to: group)
        return TestServers.environment.merging([
            "LD_PRELOAD": SSHHome.wrapper, "NSS_WRAPPER_PASSWD": passwd.path, "NSS_WRAPPER_GROUP": group.path,
        ]) { $1 }
    }

    func authorize(_ publicKey: URL) throws {
        let handle = try FileHandle(forWritingTo: root.appendingPathComponent("authorized_keys"))
        handle.seekToEndOfFile()
        handle.write(try Data(contentsOf: publicKey))
        try handle.close()
    }

    /// The line for known_hosts.
    func knownHostsLine() throws -> String {
        let pub = try String(contentsOf: hostKey.appendingPathExtension("pub"), encoding: .utf8).split(separator: " ")
        return "[127.0.0.1]:\(port) \(pub[0]) \(pub[1])\n"
    }

    func bare(_ name: String) throws -> URL {
        let url = root.appendingPathComponent(name)
        try shellRun(["git", "init", "-q", "--bare", "-b", "main", url.path], cwd: root)
        return url
    }

    /// `ssh://USER@127.0.0.1:PORT/abs/path` (no user: the account's own name, as git does).
    func url(_ repo: URL, user: String? = "root") -> String {
        "ssh://" + (user.map { $0 + "@" } ?? "") + "127.0.0.1:\(port)" + repo.path
    }
}

/// The account's home as OpenSSH sees it: ssh reads `~/.ssh` from the password database, not
/// from $HOME, so each device gets a passwd file (through Debian's nss_wrapper) naming its own
/// sandbox home. Nothing of the real account's `~/.ssh` is read or written.
enum SSHHome {
    static let wrapper = "/usr/lib/x86_64-linux-gnu/libnss_wrapper.so"

    /// Makes `~/.ssh` in the sandbox's home, with a key pair (optionally with a passphrase).
    @discardableResult
    static func prepare(_ s: Sandbox, passphrase: String = "", keyName: String = "id_ed25519") throws -> URL {
        try requireProgram(wrapper)
        let ssh = s.home.appendingPathComponent(".ssh")
        try FileManager.default.createDirectory(at: ssh, withIntermediateDirectories: true)
        let key = ssh.appendingPathComponent(keyName)
        if !FileManager.default.fileExists(atPath: key.path) {
            try shellRun(["ssh-keygen", "-q", "-t", "ed25519", "-N", passphrase, "-C", "test", "-f", key.path], cwd: s.root)
        }
        let user = String(cString: getpwuid(getuid()).pointee.pw_name)
        let passwd = s.root.appendingPathComponent("passwd"), group = s.root.appendingPathComponent("group")
        try Data("\(user):x:\(getuid()):\(getgid()):\(user):\(s.home.path):/bin/sh\n".utf8).write(to: passwd)
        try Data("\(user):x:\(getgid()):\n".utf8).write(to: group)
        s.extraEnvironment["LD_PRELOAD"] = wrapper
        s.extraEnvironment["NSS_WRAPPER_PASSWD"] = passwd.path
        s.extraEnvironment["NSS_WRAPPER_GROUP"] = group.path
        return key
    }

    static func trust(_ s: Sandbox, _ server: SSHServer) throws {
        let file = s.home.appendingPathComponent(".ssh/known_hosts")
        let old = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        try Data((old + (try server.knownHostsLine())).utf8).write(to: file)
    }

    /// Starts an ssh-agent for the sandbox and loads the key (a passphrase through SSH_ASKPASS).
    static func agent(_ s: Sandbox, key: URL, passphrase: String? = nil) throws -> DetachedServer {
        let socket = s.root.appendingPathComponent("agent.sock")
        let agent = try DetachedServer(["/usr/bin/ssh-agent", "-D", "-a", socket.path], cwd: s.root, port: nil)
        let deadline = ContinuousClock.now.advanced(by: .seconds(5))
        // ssh-agent binds the socket (the file appears) before it listens: wait until it accepts.
        while !canConnect(unixSocket: socket.path), ContinuousClock.now < deadline { usleep(20_000) }
        var env = ["SSH_AUTH_SOCK": socket.path]
        if let passphrase {
            let askpass = s.root.appendingPathComponent("askpass.sh")
            try Data("#!/bin/sh\necho '\(passphrase)'\n".utf8).write(to: askpass)
            chmod(askpass.path, 0o700)
            env["SSH_ASKPASS"] = askpass.path
            env["SSH_ASKPASS_REQUIRE"] = "force"
            env["DISPLAY"] = ":0"
        }
        try shellRun(["ssh-add", key.path], cwd: s.root, env: env)
        s.extraEnvironment["SSH_AUTH_SOCK"] = socket.path
        return agent
    }
}

/// Whether a Unix socket accepts a connection (a bound socket that is not listening yet refuses).
func canConnect(unixSocket path: String) -> Bool {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var addr = sockaddr_un()
    addr.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: addr.sun_path) else { return false }
    withUnsafeMutableBytes(of: &addr.sun_path) { raw in
        raw.copyBytes(from: bytes)
        raw[bytes.count] = 0
    }
    return withUnsafePointer(to: &addr) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0 }
    }
}

/// nginx with fcgiwrap and `git http-backend` on 127.0.0.1, https with a certificate from a CA
/// made here (for the IP address 127.0.0.1), and basic auth.
final class HTTPSGitServer {
    let root: URL
    let port: Int
    let caFile: URL
    let user = "alice", password = "s3cret-token"
    private var nginx: DetachedServer?
    private var fcgi: DetachedServer?

    init(root: URL) throws {
        let nginxProgram = try requireProgram("/usr/sbin/nginx"), fcgiwrap = try requireProgram("/usr/sbin/fcgiwrap")
        let fastcgiParams = try requireProgram("/etc/nginx/fastcgi_params")
        try requireProgram("/usr/lib/git-core/git-http-backend")
        self.root = root
        port = try GitDaemon.freePort()
        caFile = root.appendingPathComponent("ca.pem")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("repos"), withIntermediateDirectories: true)
        func openssl(_ args: [String]) throws { try shellRun(["openssl"] + args, cwd: root) }
        try openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
                     "-subj", "/CN=Carousel Test CA"])
        try openssl(["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"])
        try Data("subjectAltName=IP:127.0.0.1\n".utf8).write(to: root.appendingPathComponent("ext.cnf"))
        try openssl(["x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                     "-out", "server.pem", "-days", "2", "-extfile", "ext.cnf"])
        let hash = try shellRun(["openssl", "passwd", "-apr1", password], cwd: root).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try Data("\(user):\(hash)\n".utf8).write(to: root.appendingPathComponent("htpasswd"))
        let socket = root.appendingPathComponent("fcgi.sock").path
        let r = root.path
        let conf = """
            user root;
            worker_processes 1;
            pid \(r)/nginx.pid;
            error_log \(r)/error.log;
            events { worker_connections 64; }
            http {
              access_log off;
              client_body_temp_path \(r)/body; fastcgi_temp_path \(r)/fastcgi; proxy_temp_path \(r)/proxy;
              uwsgi_temp_path \(r)/uwsgi; scgi_temp_path \(r)/scgi;
              server {
                listen 127.0.0.1:\(port) ssl;
                ssl_certificate \(r)/server.pem; ssl_certificate_key \(r)/server.key;
                client_max_body_size 100m;
                location / {
                  auth_basic "git"; auth_basic_user_file \(r)/htpasswd;
                  fastcgi_pass unix:\(socket);
                  include \(fastcgiParams);
                  fastcgi_param SCRIPT_FILENAME /usr/lib/git-core/git-http-backend;
                  fastcgi_param GIT_PROJECT_ROOT \(r)/repos;
                  fastcgi_param GIT_HTTP_EXPORT_ALL "";
                  fastcgi_param PATH_INFO $uri;
                  fastcgi_param REMOTE_USER $remote_user;
                }
              }
            }

            """
        try Data(conf.utf8).write(to: root.appendingPathComponent("nginx.conf"))
        fcgi = try DetachedServer([fcgiwrap, "-s", "unix:" + socket], cwd: root, port: nil, env: TestServers.environment)
        let deadline = ContinuousClock.now.advanced(by: .seconds(5))
        while !canConnect(unixSocket: socket), ContinuousClock.now < deadline { usleep(20_000) }
        nginx = try DetachedServer([nginxProgram, "-p", r, "-e", r + "/error.log", "-c", root.appendingPathComponent("nginx.conf").path,
                                    "-g", "daemon off;"], cwd: root, port: port, env: TestServers.environment)
    }

    deinit { stop() }

    func stop() {
        nginx?.stop()
        fcgi?.stop()
    }

    func bare(_ name: String) throws -> URL {
        let url = root.appendingPathComponent("repos").appendingPathComponent(name)
        try shellRun(["git", "init", "-q", "--bare", "-b", "main", url.path], cwd: root)
        try shellRun(["git", "-C", url.path, "config", "http.receivepack", "true"], cwd: root)
        return url
    }

    func url(_ name: String) -> String { "https://127.0.0.1:\(port)/\(name)" }
}
