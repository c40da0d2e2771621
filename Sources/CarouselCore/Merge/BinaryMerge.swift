import Foundation

/// Files that are never merged line by line: attachments (whatever they hold) and anything that
/// is not UTF-8 text. When both devices changed one, both versions are kept whole, under two names.
public enum BinaryMerge {
    /// Whether a file at `path` with these contents must be kept whole rather than merged.
    public static func isBinary(path: String, ours: [UInt8]?, theirs: [UInt8]?) -> Bool {
        if path.hasPrefix(Vault.attachmentsDir + "/") { return true }
        for side in [ours, theirs] {
            guard let side else { continue }
            if side.contains(0) || String(validating: side, as: UTF8.self) == nil { return true }
        }
        return false
    }

    /// The winner (by `rule`) stays at `path`; the other version is written next to it as
    /// `<stem>-<hash of its bytes>.<ext>`, a name that depends only on the contents, so every
    /// device that merges the same two versions writes the same files.
    public static func keepBoth(path: String, ours: [UInt8], theirs: [UInt8], rule: ClashRule) -> (writes: [FileWrite], note: MergeNote) {
        let oursWin: Bool
        switch rule {
        case .ours: oursWin = true
        case .theirs: oursWin = false
        case .byValue: oursWin = !ours.lexicographicallyPrecedes(theirs)
        }
        let other = oursWin ? theirs : ours
        let moved = otherName(path, other)
        var writes = [FileWrite(path: moved, bytes: other)]
        if !oursWin { writes.append(FileWrite(path: path, bytes: theirs)) }
        let note = MergeNote(path: path, message: "changed on both devices and cannot be merged line by line; both versions are kept: \(path) and \(moved)")
        return (writes, note)
    }

    /// `attachments/ID/photo.png` → `attachments/ID/photo-3f9a1c.png`.
    static func otherName(_ path: String, _ bytes: [UInt8]) -> String {
        let ext = VaultPath.pathExtension(of: path)
        let tag = String(String(StableHash.fnv1a(bytes), radix: 16).suffix(6))
        return VaultPath.deletingExtension(of: path) + "-" + tag + (ext.isEmpty ? "" : "." + ext)
    }
}
