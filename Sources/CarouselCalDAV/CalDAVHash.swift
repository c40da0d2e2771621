import Foundation

/// FNV-1a (64 bits) of a text, as hex: only to tell whether an item's text changed since it was
/// last sent, never for anything secret.
enum CalDAVHash {
    static func hex(_ text: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in text.utf8 {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01b3
        }
        return String(h, radix: 16)
    }
}
