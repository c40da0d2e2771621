import Foundation

/// A vault directory: `carousel.yaml`, `cards/`, `habits/`, `journal/` and the local `.carousel/`.
public struct Vault: Sendable {
    /// Absolute path of the vault root, without a trailing slash.
    public let root: String

    public static let settingsFile = "carousel.yaml"
    public static let cardsDir = "cards"
    public static let habitsDir = "habits"
    public static let journalDir = "journal"
    public static let localDir = ".carousel"

    /// Whether a vault-relative path is one of Carousel's own Markdown files (a card, habit or
    /// journal day), as opposed to a note of the person's elsewhere in the folder.
    public static func isCarouselMarkdown(_ path: String) -> Bool {
        path.hasSuffix(".md") && [cardsDir, habitsDir, journalDir].contains { path.hasPrefix($0 + "/") }
    }

    /// Opens the vault at `path`; it must hold `carousel.yaml`.
    public init(at path: String) throws(CarouselError) {
        let absolute = Vault.absolute(path)
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDir), isDir.boolValue else {
            throw .notAVault(path: path, reason: "there is no such folder")
        }
        guard FileManager.default.fileExists(atPath: absolute + "/" + Vault.settingsFile) else {
            throw .notAVault(path: path, reason: "it has no carousel.yaml")
        }
        root = absolute
    }

    /// Finds the vault: an explicit path, else `CAROUSEL_VAULT`, else the nearest folder at or
    /// above `cwd` that holds `carousel.yaml`.
    public static func locate(explicit: String?, environment: [String: String], cwd: String) throws(CarouselError) -> Vault {
        if let explicit, !explicit.isEmpty { return try Vault(at: explicit) }
        if let env = environment["CAROUSEL_VAULT"], !env.isEmpty { return try Vault(at: env) }
        var dir = absolute(cwd)
        while true {
            if FileManager.default.fileExists(atPath: dir + "/" + settingsFile) { return try Vault(at: dir) }
            let parent = (dir as NSString).deletingLastPathComponent
            if parent == dir || parent.isEmpty { break }
            dir = parent
        }
        throw .noVaultFound(cwd: cwd)
    }

    public func url(_ relative: String) -> String { root + "/" + relative }

    /// The slug of a card path: its file name without `.md`.
    public static func slug(ofPath path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".md") ? String(name.dropLast(3)) : name
    }

    static func absolute(_ path: String) -> String {
        var p = (path as NSString).expandingTildeInPath
        if !p.hasPrefix("/") { p = FileManager.default.currentDirectoryPath + "/" + p }
        p = (p as NSString).standardizingPath
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        return p
    }

    /// Whether a vault-relative path stays inside the vault (no `..`, not absolute, and no
    /// symlink on the way that leads out).
    public func contains(relative: String) -> Bool {
        guard !relative.isEmpty, !relative.hasPrefix("/"), !relative.split(separator: "/").contains("..") else { return false }
        // Resolve the nearest part of the path that exists: a new file's folder, or the file itself.
        var probe = url(relative)
        var resolved = FileSystem.realPath(probe)
        while resolved == nil, probe.count > root.count {
            probe = (probe as NSString).deletingLastPathComponent
            resolved = FileSystem.realPath(probe)
        }
        guard let resolved, let realRoot = FileSystem.realPath(root) else { return false }
        return resolved == realRoot || resolved.hasPrefix(realRoot + "/")
    }
}
