import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The vault's edge, in one place: every path Carousel reads or writes resolves inside the
/// vault (after links are resolved, and never into `.git/` or `.carousel/`), files are opened
/// without following a final link, and `.carousel` is a real folder Carousel owns.
extension Vault {
    /// Where a link (or a path through links) leads, judged against the vault.
    public enum Destination: Equatable, Sendable {
        /// A real file or folder inside the vault, at this canonical absolute path.
        case inside(String)
        /// Outside the vault.
        case outside
        /// Inside the vault's `.git/` or `.carousel/` folder, which no vault file may name.
        case reserved(String)
        /// Nowhere: the path or the link's target does not exist.
        case missing
        /// A name with a control character (a newline, ESC…): never read, whatever it is.
        case controlName

        /// "a link to a file outside the vault", "a link into the vault's .git/ folder".
        public func link(to noun: String = "file") -> String {
            switch self {
            case .inside: return "a link to a \(noun) inside the vault"
            case .outside: return "a link to a \(noun) outside the vault"
            case let .reserved(folder): return "a link into the vault's \(folder)/ folder"
            case .missing: return "a link to nothing"
            case .controlName: return "named with a control character"
            }
        }
    }

    /// Where the canonical absolute path `real` lies.
    func destination(ofReal real: String) -> Destination {
        FileSystem.destination(ofReal: real, realRoot: realRoot)
    }

    /// Where a vault-relative path leads once every link on it is resolved.
    public func destination(of relative: String) -> Destination {
        guard PathName.isPlainRelativePath(relative) else {
            let control = relative.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
            return control ? .controlName : .outside
        }
        guard let real = FileSystem.realPath(url(relative)) else { return .missing }
        return destination(ofReal: real)
    }

    /// Whether the path's last component is itself a symbolic link.
    public func isLink(_ relative: String) -> Bool {
        var st = stat()
        return lstat(url(relative), &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    }

    /// Reads a vault file as text. A link is followed only when it stays inside the vault; the
    /// resolved file is opened with `O_NOFOLLOW`, so a link swapped in meanwhile is not followed.
    public func readText(_ relative: String) throws(CarouselError) -> String {
        let dest = destination(of: relative)
        switch dest {
        case let .inside(real):
            return try FileSystem.readText(real, followLinks: false, shownAs: relative)
        case .missing:
            throw .io("cannot read \(relative): there is no such file")
        case .controlName:
            throw .boundary("\(VisibleText.name(relative)) has a control character in its name, which would break lines of output; Carousel does not read it. Rename it (`carousel doctor` lists every such file)")
        default:
            throw .boundary("\(relative) is \(dest.link()); Carousel does not read it. Replace it with a real file or remove it (`carousel doctor` lists every such link)")
        }
    }

    /// Reads a vault file's bytes (an attachment), by the same rules as `readText`.
    public func readBytes(_ relative: String, limit: Int64) throws(CarouselError) -> [UInt8] {
        let dest = destination(of: relative)
        switch dest {
        case let .inside(real): return try FileSystem.readBytes(real, limit: limit, shownAs: relative)
        case .missing: throw .io("cannot read \(relative): there is no such file")
        default: throw .boundary("\(relative) is \(dest.link()); Carousel does not read it")
        }
    }

    /// Writes (or, with nil, removes) a vault file. Never through a link: the file itself must
    /// not be a link, and its folder must resolve inside the vault. With `keepingOld` the old
    /// file is kept aside until `FileSystem.settle` (see `VaultWriter.apply`).
    @discardableResult
    public func write(_ relative: String, text: String?, keepingOld: Bool = false) throws(CarouselError) -> FileSystem.Replacement {
        try write(relative, bytes: text.map { Array($0.utf8) }, keepingOld: keepingOld)
    }

    /// Writes (or, with nil, removes) a vault file's exact bytes, by the same rules as `write(_:text:)`.
    @discardableResult
    public func write(_ relative: String, bytes: [UInt8]?, keepingOld: Bool = false) throws(CarouselError) -> FileSystem.Replacement {
        guard PathName.isPlainRelativePath(relative) else { throw .outsideVault(relative) }
        if isLink(relative) {
            throw .boundary("\(relative) is a link; Carousel never writes through a link. Replace it with a real file (or remove it) and try again")
        }
        let (folder, name) = try realFolder(of: relative)
        let target = folder + "/" + name
        if let bytes { return try FileSystem.writeAtomically(bytes: bytes, to: target, shownAs: relative, keepingOld: keepingOld) }
        return try FileSystem.remove(target, keepingOld: keepingOld)
    }

    /// Removes a vault entry itself (a file, or a link without following it).
    public func removeEntry(_ relative: String) throws(CarouselError) {
        let (folder, name) = try realFolder(of: relative)
        try FileSystem.remove(folder + "/" + name)
    }

    /// Puts a symbolic link at `relative` pointing to `target`, as a merge takes a peer's link.
    /// Creating a link follows nothing; reading it later is judged like any other link.
    public func placeLink(_ relative: String, target: String) throws(CarouselError) {
        let (folder, name) = try realFolder(of: relative)
        let path = folder + "/" + name
        try FileSystem.remove(path)
        guard symlink(target, path) == 0 else {
            throw .io("cannot make the link \(relative): \(String(cString: strerror(errno)))")
        }
    }

    /// The resolved folder (inside the vault, created when missing) and the last name of a path.
    private func realFolder(of relative: String) throws(CarouselError) -> (String, String) {
        guard PathName.isPlainRelativePath(relative) else { throw .outsideVault(relative) }
        let folder = VaultPath.folder(of: relative)
        let name = VaultPath.name(of: relative)
        guard !folder.isEmpty else { return (realRoot, name) }
        try makeFolders(folder)
        guard case let .inside(real) = destination(of: folder) else {
            throw .boundary("\(folder) is \(destination(of: folder).link(to: "folder")); Carousel does not write \(relative) there")
        }
        return (real, name)
    }

    /// Creates the folders of a relative path one by one, refusing a link that leads out.
    private func makeFolders(_ folder: String) throws(CarouselError) {
        var current = ""
        for part in folder.split(separator: "/") {
            current += (current.isEmpty ? "" : "/") + part
            let dest = destination(of: current)
            switch dest {
            case .inside: continue
            case .missing:
                if isLink(current) { throw .boundary("\(current) is a link to nothing; remove it and try again") }
                guard mkdir(url(current), 0o755) == 0 || errno == EEXIST else {
                    throw .io("cannot create folder \(current): \(String(cString: strerror(errno)))")
                }
            default:
                let other = dest
                throw .boundary("\(current) is \(other.link(to: "folder")); Carousel does not write there. Replace it with a real folder and try again")
            }
        }
    }

    /// The warning for a link that a listing skipped: "cards/leak.md: … a link into the vault's .git/ folder; skipped".
    public static func skippedLinkDiagnostic(_ path: String, _ destination: Destination) -> FileDiagnostic {
        FileDiagnostic(path: path, line: 1, column: 1, severity: .warning,
                       message: "is \(destination.link()); skipped (Carousel never reads, writes or commits it; `carousel doctor` says what to do)")
    }

    /// A link inside the vault that Carousel leaves for the person to commit.
    public static func unstagedLinkDiagnostic(_ path: String, to target: String) -> FileDiagnostic {
        FileDiagnostic(path: path, line: 1, column: 1, severity: .warning,
                       message: "is a link (to \(VisibleText.escape(target))); Carousel never commits a link, so `git add \(shellQuoted(path))` and `git commit` share it if you want it on your other devices")
    }

    // MARK: - The vault's own folders

    /// Top-level entries that must be real, or links that stay inside the vault.
    public static var ownEntries: [String] { [cardsDir, habitsDir, journalDir, attachmentsDir, settingsFile] }
    public static let attachmentsDir = "attachments"

    /// What is wrong with `.carousel` and the vault's own folders, worded with what to do.
    public func structureProblems() -> [String] {
        var problems: [String] = []
        if let state = stateFolderProblem() { problems.append(state) }
        for name in Vault.ownEntries where isLink(name) {
            let dest = destination(of: name)
            if case .inside = dest { continue }
            let target = FileSystem.linkTarget(url(name)) ?? "?"
            problems.append("\(name) is \(dest.link(to: name == Vault.settingsFile ? "file" : "folder")) (\(target)); Carousel reads and writes only inside the vault, so it stops. Replace the link with a real \(name == Vault.settingsFile ? "file" : "folder") (`rm \(name)`, then `git checkout -- \(name)` or move the files in) and run the command again")
        }
        return problems
    }

    /// Why `.carousel` cannot be used, or nil when it is a real folder (or does not exist yet).
    public func stateFolderProblem() -> String? {
        var st = stat()
        guard lstat(url(Vault.localDir), &st) == 0 else { return nil }
        switch st.st_mode & S_IFMT {
        case S_IFDIR: return nil
        case S_IFLNK:
            let target = FileSystem.linkTarget(url(Vault.localDir)) ?? "?"
            return ".carousel is a link (to \(target)), not a folder; Carousel keeps its lock and index there and never writes through a link. Remove it (`rm .carousel`; nothing of yours is in it) and run the command again"
        default:
            return ".carousel is a file, not a folder; Carousel keeps its lock and index there. Move it away (`mv .carousel carousel-state.bak`) and run the command again"
        }
    }

    /// The state folder's absolute path, created when missing; refuses a link or a file.
    public func stateFolder() throws(CarouselError) -> String {
        if let problem = stateFolderProblem() { throw .boundary(problem) }
        let path = url(Vault.localDir)
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
            if [EACCES, EPERM, EROFS].contains(errno) { throw .readOnly(path: root) }
            throw .io("cannot create \(Vault.localDir): \(String(cString: strerror(errno)))")
        }
        if let problem = stateFolderProblem() { throw .boundary(problem) }
        return path
    }

    /// Refuses to go on when the state folder or one of the vault's own folders leads out.
    func checkStructure() throws(CarouselError) {
        if let first = structureProblems().first { throw .boundary(first) }
    }
}
