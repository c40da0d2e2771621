import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One file kept with a card, in `attachments/<card id>/`.
public struct Attachment: Sendable, Equatable {
    /// The file name, as written in the card's link.
    public let name: String
    /// Vault-relative path.
    public let path: String
    /// Size in bytes.
    public let size: Int64
}

/// Where a card's files live and how they are named: `attachments/<card id>/<safe name>`.
/// The card's id (never its title or slug) names the folder, so renaming or moving the card's
/// file never loses its attachments.
public enum Attachments {
    /// The largest file `carousel attach` takes: 50 MB.
    public static let maxFileBytes: Int64 = 50 * 1024 * 1024
    /// The most one card may hold in all: 200 MB.
    public static let maxCardBytes: Int64 = 200 * 1024 * 1024

    /// `attachments/<id>`; nil when the id could not be part of a path (a card with such an id
    /// is refused when read, so this is a second guard).
    public static func folder(forID id: String) -> String? {
        PathName.isSafe(id) ? Vault.attachmentsDir + "/" + id : nil
    }

    /// The card's attachments, by name. Links and folders inside are not attachments and are left out.
    public static func list(vault: Vault, cardID id: String?) -> [Attachment] {
        guard let id, let folder = folder(forID: id), case .inside = vault.destination(of: folder) else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: vault.url(folder))) ?? []
        return names.sorted().compactMap { name in
            guard !name.hasPrefix("."), PathName.isSafe(name) else { return nil }
            var st = stat()
            guard lstat(vault.url(folder + "/" + name), &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
            return Attachment(name: name, path: folder + "/" + name, size: Int64(st.st_size))
        }
    }

    /// A file name safe in every vault and on every system: letters, digits, `.`, `-` and `_`
    /// (spaces and anything else become `-`), no leading dot, at most 80 characters; never one
    /// of `taken` (then `photo-2.png`, `photo-3.png`, …).
    public static func safeName(_ original: String, taken: Set<String>) -> String {
        let last = original.split(separator: "/").last.map(String.init) ?? original
        var out = ""
        for ch in last {
            let ok = ch.isLetter || ch.isNumber || ch == "." || ch == "-" || ch == "_"
            let c: Character = ok && !ch.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) ? ch : "-"
            if c == "-", out.hasSuffix("-") { continue }
            out.append(c)
        }
        while out.contains("-.") { out = out.replacingOccurrences(of: "-.", with: ".") }
        while out.hasPrefix(".") || out.hasPrefix("-") { out.removeFirst() }
        while out.hasSuffix("-") || out.hasSuffix(".") { out.removeLast() }
        if out.isEmpty { out = "file" }
        var stem = VaultPath.deletingExtension(of: out), ext = VaultPath.pathExtension(of: out)
        if stem.isEmpty { stem = "file" }
        if ext.count > 10 { stem = out; ext = "" }
        stem = String(stem.prefix(70))
        let dotted = ext.isEmpty ? "" : "." + ext
        let lowerTaken = Set(taken.map { $0.lowercased() })  // case-insensitive file systems
        var candidate = stem + dotted, n = 2
        while lowerTaken.contains(candidate.lowercased()) {
            candidate = "\(stem)-\(n)\(dotted)"
            n += 1
        }
        return candidate
    }

    /// Whether a name is shown inline as an image (in the card's link and on the web page).
    public static func isImage(_ name: String) -> Bool {
        ["png", "jpg", "jpeg", "gif", "webp", "svg"].contains(VaultPath.pathExtension(of: name).lowercased())
    }

    /// The Markdown line a card's body gets for an attachment: `![photo.png](../attachments/ID/photo.png)`
    /// (`[notes.pdf](…)` for what is not an image). The link is relative to the card's file.
    public static func link(cardPath: String, attachment path: String) -> String {
        let depth = cardPath.split(separator: "/").count - 1
        let target = String(repeating: "../", count: depth) + path
        let name = VaultPath.name(of: path)
        return (isImage(name) ? "!" : "") + "[\(name)](\(target))"
    }

    /// "1.2 MB", "830 KB", "12 bytes", "1.0 GB".
    public static func size(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) byte\(bytes == 1 ? "" : "s")" }
        if bytes < 1024 * 1024 { return "\((bytes + 512) / 1024) KB" }
        if bytes >= 1 << 30 { return String(format: "%.1f GB", Double(bytes) / Double(1 << 30)) }
        let mb = Double(bytes) / (1024 * 1024)
        return mb < 10 ? String(format: "%.1f MB", mb) : "\(Int(mb.rounded())) MB"
    }
}
