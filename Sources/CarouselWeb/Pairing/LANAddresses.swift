import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// This computer's names and local-network addresses, for the certificate and the pairing address.
enum LANAddresses {
    /// The IPv4 addresses of the interfaces that are up, on the local network, loopback last.
    static func ipv4() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var found: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                  entry.pointee.ifa_flags & UInt32(IFF_UP) != 0 else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let text = cText(host)
            if LocalNetwork.contains(text), !found.contains(text) { found.append(text) }
        }
        return found.filter { !$0.hasPrefix("127.") } + found.filter { $0.hasPrefix("127.") }
    }

    /// The host name as set, and NAME.local (what mDNS answers on most networks), when valid as DNS names.
    static func names() -> [String] {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return [] }
        let name = cText(buffer).lowercased()
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }) else { return [] }
        return name.contains(".") ? [name] : [name, name + ".local"]
    }

    /// The text of a C buffer up to its first NUL.
    private static func cText(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
