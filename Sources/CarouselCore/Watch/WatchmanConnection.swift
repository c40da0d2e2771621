import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One connection to Watchman's UNIX socket. Each request is one JSON array on one line and
/// each answer one JSON object on one line (Watchman's JSON protocol); an answer that takes
/// longer than `timeout` seconds, or a socket that is not there, is no answer.
final class WatchmanConnection {
    private let fd: Int32
    private var buffer: [UInt8] = []

    init?(socket path: String, timeout: Double = 5) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let room = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.isEmpty, bytes.count < room else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
    }

    deinit { close(fd) }

    /// Sends one request and returns its answer (log lines Watchman sends unasked are skipped);
    /// nil when the socket fails or the answer is not JSON.
    func send(_ request: WatchmanValue) -> WatchmanAnswer? {
        guard let data = try? JSONText.encoder(.compact).encode(request) else { return nil }
        var out = [UInt8](data)
        out.append(UInt8(ascii: "\n"))
        var sent = 0
        while sent < out.count {
            let n = out.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, out.count - sent, Int32(MSG_NOSIGNAL)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            sent += n
        }
        while let line = readLine() {
            guard let answer = try? JSONDecoder().decode(WatchmanAnswer.self, from: Data(line)) else { return nil }
            if answer.unilateral == true { continue }
            return answer
        }
        return nil
    }

    private func readLine() -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                return line
            }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            buffer += chunk[..<n]
        }
    }
}
