import Foundation

/// A vault directory: `carousel.yaml`, `cards/` (or the folder its layout names), `habits/`, `journal/` and the local `.carousel/`.
public struct Vault: Sendable {
    /// Absolute path of the vault root, without a trailing slash.
    public let root: String
    /// The root with every link resolved, against which every path is checked.
    public let realRoot: String
    /// Where the cards are and what their keys are called, read when the vault was opened.
    public private(set) var layout = VaultLayout.standard

    public static let settingsFile = "carousel.yaml"
    /// The cards folder of the open vault: `cards` unless carousel.yaml's `cards_folder:` or
    /// TaskNotes' settings name another (`VaultLayout`).
    public static var cardsDir: String { VaultLayout.active.cardsFolder }
    /// The folder a vault keeps its cards in when nothing says otherwise.
    public static let defaultCardsDir = "cards"
    public static let habitsDir = "habits"
    public static let journalDir = "journal"
    public static let localDir = ".carousel"

    /// Whether a vault-relative path is one of Carousel's own Markdown files (a card, habit or
    /// journal day), as opposed to a note of the person's elsewhere in the folder.
    public static func isCarouselMarkdown(_ path: String) -> Bool {
        path.hasSuffix(".md") && [cardsDir, habitsDir, journalDir].contains { path.hasPrefix($0 + "/") }
    }

    /// Opens the vault at `path`; it must hold `carousel.yaml`. Unless `checkingStructure` is
    /// false (for `carousel doctor`), a `.carousel` that is not a real folder, or a `cards/`,
    /// `habits/`, `journal/`, `attachments/` or `carousel.yaml` that is a link leading out of the
    /// vault, stops it with what to do.
    public init(at path: String, checkingStructure: Bool = true) throws(CarouselError) {
        let absolute = Vault.absolute(path)
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDir), isDir.boolValue else {
            throw .notAVault(path: path, reason: "there is no such folder")
        }
        guard FileManager.default.fileExists(atPath: absolute + "/" + Vault.settingsFile) else {
            // A folder TaskNotes keeps its tasks in opens as it is once it has settings of Carousel's.
            let tasks = FileManager.default.fileExists(atPath: absolute + "/" + TaskNotesSettings.path)
            throw .notAVault(path: path, reason: "it has no carousel.yaml" + (tasks ? " (it is TaskNotes' vault: `carousel init` there adds one, reads the tasks where they are and converts no file)" : ""))
        }
        root = absolute
        realRoot = FileSystem.realPath(absolute) ?? absolute
        do {
            // Read as every vault file is: never through a link that leads out of the vault.
            let probe = self
            layout = try TaskNotesSettings.layout { relative in try? probe.readText(relative) }
        } catch {
            // `doctor` opens the vault to report problems, this one among them.
            if checkingStructure { throw .invalidFile(error) }
            layout = .standard
        }
        VaultLayout.install(layout)
        if checkingStructure { try checkStructure() }
    }

    /// Finds the vault: an explicit path, else `CAROUSEL_VAULT`, else the nearest folder at or
    /// above `cwd` that holds `carousel.yaml`.
    public static func locate(explicit: String?, environment: [String: String], cwd: String,
                              checkingStructure: Bool = true) throws(CarouselError) -> Vault {
        if let explicit, !explicit.isEmpty { return try Vault(at: explicit, checkingStructure: checkingStructure) }
        if let env = environment["CAROUSEL_VAULT"], !env.isEmpty { return try Vault(at: env, checkingStructure: checkingStructure) }
        var dir = absolute(cwd)
        while true {
            if FileManager.default.fileExists(atPath: dir + "/" + settingsFile) { return try Vault(at: dir, checkingStructure: checkingStructure) }
            let parent = VaultPath.folder(of: dir)
            if parent == dir || parent.isEmpty { break }
            dir = parent
        }
        throw .noVaultFound(cwd: cwd)
    }

    public func url(_ relative: String) -> String { root + "/" + relative }

    /// The slug of a card path: its file name without `.md`.
    public static func slug(ofPath path: String) -> String {
        // Plain ASCII without a trailing slash (every listed card): the same name, without
        // splitting the path; this runs for every card of a cold index.
        let utf8 = path.utf8
        if let last = utf8.last, last != UInt8(ascii: "/"), utf8.allSatisfy({ $0 < 0x80 }) {
            let start = utf8.lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
            var end = utf8.endIndex
            if utf8.distance(from: start, to: end) >= 3, utf8[utf8.index(end, offsetBy: -3)...].elementsEqual(".md".utf8) {
                end = utf8.index(end, offsetBy: -3)
            }
            return String(path[start..<end])
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".md") ? String(name.dropLast(3)) : name
    }

    public static func absolute(_ path: String) -> String {
        var p = FileSystem.fromCurrentFolder((path as NSString).expandingTildeInPath)
        p = (p as NSString).standardizingPath
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        return p
    }

    /// Whether a vault-relative path stays inside the vault: plain (no `..`, not absolute, not
    /// in `.git/` or `.carousel/`), and no link on the way that leads out. A path that does not
    /// exist yet is judged by its nearest existing folder.
    public func contains(relative: String) -> Bool {
        guard PathName.isPlainRelativePath(relative) else { return false }
        var probe = relative
        while true {
            switch destination(of: probe) {
            case .inside: return true
            case .outside, .reserved, .controlName: return false
            case .missing:
                if isLink(probe) { return false }
                let parent = VaultPath.folder(of: probe)
                if parent.isEmpty { return true }
                probe = parent
            }
        }
    }
}
