/// The addresses `carousel serve --lan` answers: this computer, the private IPv4 ranges, link-local,
/// the shared range tailnets use (100.64.0.0/10), and IPv6 unique-local and link-local.
enum LocalNetwork {
    static func contains(_ address: String) -> Bool {
        var text = address.lowercased()
        if text.hasPrefix("::ffff:"), text.contains(".") { text = String(text.dropFirst(7)) }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).compactMap { UInt8($0) }
        if parts.count == 4 {
            switch (parts[0], parts[1]) {
            case (127, _), (10, _), (192, 168), (169, 254): return true
            case (172, 16...31): return true
            case (100, 64...127): return true
            default: return false
            }
        }
        guard text.contains(":") else { return false }
        if text == "::1" { return true }
        let first = UInt16(text.split(separator: ":", omittingEmptySubsequences: false).first ?? "", radix: 16) ?? 0
        return first & 0xFE00 == 0xFC00 || first & 0xFFC0 == 0xFE80
    }
}
