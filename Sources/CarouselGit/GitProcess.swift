import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// How long a network transfer may stay silent before it is stopped.
public struct TransferLimits: Sendable, Equatable {
    /// Seconds without any answer before the first one (connecting, the ssh or TLS handshake).
    public var connect: Double
    /// Seconds without progress once the remote has answered. Progress is git's own count of
    /// objects and bytes moving ("Receiving objects: 40% (2/5), 1.2 MiB"), never a line the
    /// remote sends ("remote: …", ssh's or a server's chatter): a remote that trickles words
    /// every few seconds but no data is stopped all the same.
    public var noProgress: Double
    /// Seconds for the whole transfer, however it goes.
    public var total: Double

    public static let standard = TransferLimits(connect: 20, noProgress: 60, total: 1800)

    public init(connect: Double, noProgress: Double, total: Double = TransferLimits.standard.total) {
        self.connect = connect
        self.noProgress = noProgress
        self.total = total
    }

    /// One number for all three (`--timeout`, `sync.timeout`): the no-progress limit, the
    /// connect limit never longer than it, and the whole transfer at most 60 times it.
    public init(timeout: Double) {
        self.init(connect: min(TransferLimits.standard.connect, timeout), noProgress: timeout,
                  total: min(TransferLimits.standard.total, max(60, timeout * 60)))
    }
}

/// Set from a signal handler (Ctrl-C) to stop a running transfer.
public final class Cancellation: Sendable {
    private let flag = Atomic<Bool>(false)
    public init() {}
    public func cancel() { flag.store(true, ordering: .sequentiallyConsistent) }
    public var isCancelled: Bool { flag.load(ordering: .sequentiallyConsistent) }
}

/// What a git child process left behind.
struct GitRun {
    var status: Int32
    var stdout: String
    /// stderr without progress lines (the ones git ends with a carriage return).
    var stderr: String
    /// Set when the watchdog stopped it: the seconds that were allowed (without progress, or in all).
    var timedOut: Double?
    /// Whether it was the limit on the whole transfer that stopped it.
    var overTotal = false
    var cancelled = false
}

/// Runs the `git` executable in its own process group, so a timeout or Ctrl-C stops git and
/// the ssh or https helper it started, all together.
enum GitProcess {
    static func run(_ arguments: [String], environment: [String: String], limits: TransferLimits,
                    cancellation: Cancellation?, progress: ((String) -> Void)?, program: String = "git") throws -> GitRun {
        var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else {
            throw GitError(code: -1, function: "pipe", message: String(cString: strerror(errno)))
        }
        // Our ends must not leak into other children; the child gets its copies through dup2.
        for fd in outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)

        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
        close(outPipe[1])
        close(errPipe[1])
        defer { close(outPipe[0]); close(errPipe[0]) }
        guard spawned == 0 else {
            throw GitError(code: -1, function: "posix_spawn", message: "cannot run git: \(String(cString: strerror(spawned)))")
        }

        var out = Data(), err = Data()
        var open = [outPipe[0], errPipe[0]]
        var answered = false
        let started = monotonicSeconds()
        var lastActivity = started
        var lastCounter = ""
        var run = GitRun(status: 0, stdout: "", stderr: "")
        var reaped: Int32?
        var progressLine = ""
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), 100)
            if ready > 0 {
                for entry in fds where entry.revents != 0 {
                    let count = read(entry.fd, &buffer, buffer.count)
                    if count <= 0 { open.removeAll { $0 == entry.fd }; continue }
                    if !answered { lastActivity = monotonicSeconds() }
                    answered = true
                    if entry.fd == outPipe[0] {
                        lastActivity = monotonicSeconds()
                        out.append(contentsOf: buffer[0..<count])
                        continue
                    }
                    err.append(contentsOf: buffer[0..<count])
                    for byte in buffer[0..<count] {
                        if byte == 13 || byte == 10 {
                            if !progressLine.isEmpty { progress?(progressLine) }
                            if let counter = Self.counter(progressLine), counter != lastCounter {
                                lastCounter = counter
                                lastActivity = monotonicSeconds()
                            }
                            progressLine = ""
                        } else {
                            progressLine.unicodeScalars.append(Unicode.Scalar(byte))
                        }
                    }
                }
            }
            let limit = answered ? limits.noProgress : limits.connect
            let now = monotonicSeconds()
            if cancellation?.isCancelled == true || now - lastActivity > limit || now - started > limits.total {
                if cancellation?.isCancelled == true {
                    run.cancelled = true
                } else if now - started > limits.total {
                    run.timedOut = limits.total
                    run.overTotal = true
                } else {
                    run.timedOut = limit
                }
                reaped = stop(group: pid)
                break
            }
        }
        var status: Int32 = reaped ?? 0
        if reaped == nil { while waitpid(pid, &status, 0) < 0, errno == EINTR {} }
        run.status = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        run.stdout = String(decoding: out, as: UTF8.self)
        // Progress is redrawn with "\r"; keep only what ended with a newline.
        run.stderr = String(decoding: err, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.split(separator: "\r").last.map(String.init) ?? "" }.joined(separator: "\n")
        return run
    }

    /// The counts in one of git's own progress lines ("Receiving objects:  40% (2/5), 1.20 KiB |
    /// 3.00 KiB/s" gives "Receiving objects 2/5 1.20 KiB"), nil for any other line: those
    /// the remote sends start with "remote:", and ssh's or a helper's words name no count. The
    /// rate is left out, since it changes while nothing arrives.
    static func counter(_ line: String) -> String? {
        let phases = ["Enumerating objects", "Counting objects", "Compressing objects", "Writing objects",
                      "Receiving objects", "Resolving deltas", "Unpacking objects", "Checking objects"]
        guard let phase = phases.first(where: { line.hasPrefix($0 + ":") }) else { return nil }
        let rest = line.dropFirst(phase.count + 1)
        let count = rest.firstIndex(of: "(").flatMap { open in rest[open...].firstIndex(of: ")").map { rest[open...$0] } } ?? ""
        let bytes = rest.split(separator: ",").dropFirst().first.map { $0.split(separator: "|").first ?? "" } ?? ""
        return phase + " " + count + " " + bytes.trimmingCharacters(in: .whitespaces)
    }

    /// SIGTERM to the whole group, then SIGKILL for whatever is still there a second later.
    /// Returns git's wait status when it was reaped here.
    private static func stop(group pid: pid_t) -> Int32? {
        kill(-pid, SIGTERM)
        let deadline = monotonicSeconds() + 1
        var status: Int32 = 0
        while monotonicSeconds() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid {
                kill(-pid, SIGKILL)
                return status
            }
            usleep(20_000)
        }
        kill(-pid, SIGKILL)
        return nil
    }

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
