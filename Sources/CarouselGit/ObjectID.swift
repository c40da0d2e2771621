internal import Clibgit2

/// A git object name (SHA-1), as 40 lowercase hex characters.
public struct ObjectID: Hashable, Sendable, CustomStringConvertible {
    public let hex: String

    /// Accepts exactly 40 hex digits; returns nil otherwise.
    public init?(hex: String) {
        let lower = hex.lowercased()
        guard lower.utf8.count == 40, lower.utf8.allSatisfy({ ObjectID.hexDigits.contains($0) }) else {
            return nil
        }
        self.hex = lower
    }

    init(_ oid: git_oid) {
        let digits = Array("0123456789abcdef".utf8)
        var chars: [UInt8] = []
        chars.reserveCapacity(40)
        withUnsafeBytes(of: oid.id) { bytes in
            for byte in bytes {
                chars.append(digits[Int(byte >> 4)])
                chars.append(digits[Int(byte & 0x0f)])
            }
        }
        self.hex = String(decoding: chars, as: UTF8.self)
    }

    /// The libgit2 form, for looking objects up again.
    func gitOID() throws -> git_oid {
        var oid = git_oid()
        try check(git_oid_fromstr(&oid, hex), "git_oid_fromstr")
        return oid
    }

    public var description: String { hex }

    private static let hexDigits = Set("0123456789abcdef".utf8)
}
