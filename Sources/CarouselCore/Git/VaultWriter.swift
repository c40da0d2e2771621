import CarouselGit
import Foundation

/// One file to write (or delete, when `text` and `bytes` are nil), relative to the vault.
public struct FileWrite: Sendable {
    public let path: String
    public let text: String?
    /// The exact bytes of a file that is not text (an attachment, a binary file from a peer);
    /// when set, they are written instead of `text`.
    public let bytes: [UInt8]?

    public init(path: String, text: String?) {
        self.path = path
        self.text = text
        bytes = nil
    }

    public init(path: String, bytes: [UInt8]?) {
        self.path = path
        self.bytes = bytes
        text = nil
    }

    /// A file's contents as they came (from a peer, from history): text when they are UTF-8
    /// text outside `attachments/`, else the exact bytes.
    public init(path: String, contents: [UInt8]?) {
        self.path = path
        if let contents, !BinaryMerge.isBinary(path: path, ours: contents, theirs: nil),
           let text = String(validating: contents, as: UTF8.self) {
            self.text = text
            bytes = nil
        } else {
            text = nil
            bytes = contents
        }
    }

    /// Whether the file is deleted.
    public var removes: Bool { text == nil && bytes == nil }
}

extension Vault {
    /// Writes (or removes) the file a `FileWrite` describes, through the vault's edge.
    @discardableResult
    public func apply(_ write: FileWrite, keepingOld: Bool = false) throws(CarouselError) -> FileSystem.Replacement {
        if let bytes = write.bytes { return try self.write(write.path, bytes: bytes, keepingOld: keepingOld) }
        return try self.write(write.path, text: write.text, keepingOld: keepingOld)
    }
}

/// Turns changes into commits: files are written first (atomically), then committed together,
/// so every command is exactly one commit with a readable message.
public final class VaultWriter {
    public let vault: Vault
    let repository: Repository
    /// The author of Carousel's commits, and their committer (git's order, see `identity`).
    public let signature: Signature
    public let committer: Signature
    /// Where changes are made: `carousel.device` from the repository's config, else
    /// `CAROUSEL_DEVICE`, else the host name. Every commit carries it as a `Device:` trailer.
    public let device: String

    /// Opens the vault's git repository. Author and committer are found the way git finds them
    /// (see `identity`). With `sweepingCards` false, orphaned temporary files in `cards/` are
    /// left to the caller, which has the folder's listing from the index's refresh.
    public init(vault: Vault, environment: [String: String], sweepingCards: Bool = true) throws(CarouselError) {
        self.vault = vault
        guard Repository.isRepository(at: vault.root) else {
            throw .notAVault(path: vault.root, reason: "it is not a git repository")
        }
        repository = try VaultOwner.open(vault)
        signature = VaultWriter.identity(.author, repository: repository, environment: environment)
        committer = VaultWriter.identity(.committer, repository: repository, environment: environment)
        device = VaultWriter.device(repository: repository, environment: environment)
        VaultInit.ensureLocalExcludes(vault)
        CrashRecovery.removeOrphanTemporaryFiles(vault, skipping: sweepingCards ? nil : Vault.cardsDir)
    }

    static func device(repository: Repository, environment: [String: String]) -> String {
        if let configured = repository.configString("carousel.device"), !configured.isEmpty { return configured }
        if let env = environment["CAROUSEL_DEVICE"], !env.isEmpty { return env }
        let host = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? ""
        return host.isEmpty ? "this device" : host
    }

    /// The message with the `Device:` trailer that `carousel log` and `sync` read back.
    /// Control characters from titles are written as visible escapes: a commit message never
    /// carries them.
    func stamped(_ message: String) -> String {
        VisibleText.escape(message) + "\n\n" + History.deviceTrailer + VisibleText.escape(device)
    }

    enum Role: String { case author, committer }

    /// Git's order for each of name and email: `GIT_AUTHOR_NAME` (or `GIT_COMMITTER_NAME`), then
    /// `author.name` (or `committer.name`), then `user.name` from git's config; for the email
    /// also `EMAIL`. After git's own sources, `CAROUSEL_AUTHOR_NAME`/`CAROUSEL_AUTHOR_EMAIL`,
    /// and last "Carousel <carousel@localhost>".
    static func identity(_ role: Role, repository: Repository, environment: [String: String]) -> Signature {
        func first(_ candidates: String?...) -> String? { candidates.lazy.compactMap { $0 }.first { !$0.isEmpty } }
        let upper = role.rawValue.uppercased()
        let name = first(environment["GIT_\(upper)_NAME"], repository.configString("\(role.rawValue).name"),
                         repository.configString("user.name"), environment["CAROUSEL_AUTHOR_NAME"]) ?? "Carousel"
        let email = first(environment["GIT_\(upper)_EMAIL"], repository.configString("\(role.rawValue).email"),
                          repository.configString("user.email"), environment["EMAIL"],
                          environment["CAROUSEL_AUTHOR_EMAIL"]) ?? "carousel@localhost"
        return Signature(name: name, email: email)
    }

    /// Writes the files and commits exactly those paths. Returns nil when nothing changed.
    @discardableResult
    public func apply(_ writes: [FileWrite], alsoCommitting extra: [String] = [], message: String) throws(CarouselError) -> String? {
        for write in writes {
            guard vault.contains(relative: write.path) else { throw .outsideVault(write.path) }
            // Last line of defence: Carousel never writes a card it could not read back.
            if let text = write.text, write.path.hasPrefix(Vault.cardsDir + "/"), write.path.hasSuffix(".md") {
                do {
                    _ = try CardParser.parse(text: text, path: write.path)
                } catch {
                    throw .usage("\(write.path): this change would leave the file unreadable (\(error.message)), so nothing was written; edit it by hand")
                }
            }
        }
        _ = CrashRecovery.clearStaleGitLocks(vault)
        try CrashRecovery.writeIntent(Intent(message: message, paths: writes.map(\.path)), vault: vault)
        // Until the commit is made, the old files stay aside: a write or a commit that fails (a
        // full disk) puts every file back, so nothing changes at all.
        var replaced: [FileSystem.Replacement] = []
        func undo() {
            FileSystem.settle(replaced, restore: true)
            CrashRecovery.clearIntent(vault)
        }
        do {
            for write in writes { replaced.append(try vault.apply(write, keepingOld: true)) }
        } catch {
            undo()
            throw error
        }
        let id: String?
        let before = try? repository.headID()
        let paths = writes.map(\.path) + extra.filter { p in !writes.contains { $0.path == p } }
        do {
            id = try repository.commit(paths: paths, message: stamped(message), signature: signature, committer: committer)?.hex
        } catch {
            // A commit that did move HEAD (a late failure) is kept: the files match it.
            if let moved = try? repository.headID(), moved != before {
                FileSystem.settle(replaced, restore: false)
                CrashRecovery.clearIntent(vault)
                throw .git("the change was committed, but git reported: \(error.localizedDescription)")
            }
            undo()
            try? repository.resetIndex(paths: paths)
            if let full = VaultWriter.diskFull(error, path: writes.first?.path ?? ".git") { throw full }
            throw .git("the change could not be committed, so nothing was changed: \(error.localizedDescription)")
        }
        FileSystem.settle(replaced, restore: false)
        CrashRecovery.clearIntent(vault)
        return id
    }

    /// A git error caused by a full disk or quota, as the plain error (libgit2 ends its message
    /// with the system's words).
    static func diskFull(_ error: Error, path: String) -> CarouselError? {
        let text = "\(error)" + " " + error.localizedDescription
        if text.contains(String(cString: strerror(ENOSPC))) { return .diskFull(path: path, quota: false) }
        if text.contains(String(cString: strerror(EDQUOT))) { return .diskFull(path: path, quota: true) }
        return nil
    }

    /// The repository's folder, for `CleanMark`.
    var gitDirectory: String { repository.gitDirectory }

    /// Whether git's index holds exactly HEAD (nothing staged); false when it cannot be read.
    func indexMatchesHead() -> Bool { (try? repository.indexMatchesHead()) ?? false }

    /// HEAD's commit id in hex; nil on an unborn branch or when it cannot be read.
    func headHex() -> String? { (try? repository.headID())??.hex }

    /// Commits edits made outside Carousel (in a text editor, or a write cut short) as their own
    /// commit, before a command adds its own. Files that do not parse are left uncommitted and
    /// returned, so a broken file never enters the history.
    public func commitPendingEdits() throws(CarouselError) -> (message: String?, skipped: [FileDiagnostic]) {
        let cleared = CrashRecovery.clearStaleGitLocks(vault)
        var messages: [String] = []
        do {
            if try repository.repairIndexIfUnreadable() { messages.append("rebuilt the damaged git index (.git/index) from HEAD") }
        } catch {
            throw .git("cannot rebuild the damaged git index (.git/index): \(error.localizedDescription)")
        }
        if let finished = try CrashRecovery.finishFastForward(vault, repository: repository) { messages.append(finished) }
        if let cleaned = CrashRecovery.cleanKilledMerge(vault, repository: repository) { messages.append(cleaned) }
        if let intent = CrashRecovery.readIntent(vault) {
            // A command died between writing its files and committing them: finish its commit.
            let pending = try pendingEdits()
            let paths = pending.paths.filter(intent.paths.contains)
            if !paths.isEmpty {
                let message = "recover: " + intent.message
                do {
                    _ = try repository.commit(paths: paths, message: stamped(message), signature: signature, committer: committer)
                } catch {
                    throw .git("cannot finish an interrupted change: \(error.localizedDescription)")
                }
                messages.append(message)
            }
            CrashRecovery.clearIntent(vault)
        }
        let pending = try pendingEdits()
        if !cleared.isEmpty { messages.append("removed stale git locks: " + cleared.joined(separator: ", ")) }
        guard !pending.paths.isEmpty else { return (messages.isEmpty ? nil : messages.joined(separator: "; "), pending.skipped) }
        guard !pending.paths.isEmpty else { return (nil, pending.skipped) }
        let message = "edit: " + VaultWriter.summarize(pending.described)
        do {
            _ = try repository.commit(paths: pending.paths, message: stamped(message), signature: signature, committer: committer)
        } catch {
            throw .git("cannot commit your edits: \(error.localizedDescription)")
        }
        messages.append(message)
        return (messages.joined(separator: "; "), pending.skipped)
    }

    /// Changed files that may be committed, the ones that may not (they do not parse), and a
    /// word for each change.
    public func pendingEdits() throws(CarouselError) -> (paths: [String], skipped: [FileDiagnostic], described: [String]) {
        let entries: [StatusEntry]
        do {
            entries = try repository.status()
        } catch {
            throw .git("cannot read the vault's git status: \(error.localizedDescription)")
        }
        guard !entries.isEmpty else { return ([], [], []) }
        var paths: [String] = []
        var skipped: [FileDiagnostic] = []
        var described: [String] = []
        for entry in entries {
            if CrashRecovery.isTemporary(entry.path) {
                // Half of an atomic write from a process that died: never the person's data.
                _ = try? vault.write(entry.path, text: nil)
                continue
            }
            if let destination = leavesVault(entry.path) {
                // A link out of the vault (or into .git/ or .carousel/) is never staged.
                skipped.append(Vault.skippedLinkDiagnostic(entry.path, destination))
                continue
            }
            if entry.change != .deleted, vault.isLink(entry.path) {
                // A link that stays inside is harmless, but it is the person's to share: Carousel
                // never commits a link of its own accord (`git add` shares it).
                skipped.append(Vault.unstagedLinkDiagnostic(entry.path, to: FileSystem.linkTarget(vault.root + "/" + entry.path) ?? "?"))
                continue
            }
            if entry.change == .deleted {
                paths.append(entry.path)
                described.append("remove " + title(atHead: entry.path))
                continue
            }
            if let problem = problem(in: entry.path) {
                skipped.append(problem)
                continue
            }
            paths.append(entry.path)
            let name = title(inWorkTree: entry.path)
            described.append(entry.change == .added ? "add " + name : name)
        }
        return (paths, skipped, described)
    }

    /// Where a changed path leads when it is a link (or sits behind one) that leaves the vault.
    private func leavesVault(_ path: String) -> Vault.Destination? {
        guard vault.isLink(path) || !vault.contains(relative: path) else { return nil }
        let destination = vault.destination(of: path)
        if case .inside = destination { return nil }
        if case .missing = destination, PathName.isPlainRelativePath(path), !vault.isLink(path) { return nil }
        return destination
    }

    /// "Call Mum", "Call Mum, Water the plants", or "Call Mum, Water the plants and 3 more".
    static func summarize(_ items: [String]) -> String {
        if items.count <= 3 { return items.joined(separator: ", ") }
        return items.prefix(2).joined(separator: ", ") + " and \(items.count - 2) more"
    }

    /// Why a changed file must not be committed, if it is a vault file that does not parse.
    private func problem(in path: String) -> FileDiagnostic? {
        if path == Vault.settingsFile {
            guard let text = try? vault.readText(path) else { return nil }
            do { _ = try Settings.parse(text: text) } catch { return error }
            return nil
        }
        guard path.hasSuffix(".md"),
              path.hasPrefix(Vault.cardsDir + "/") || path.hasPrefix(Vault.habitsDir + "/") else { return nil }
        let text: String
        do { text = try vault.readText(path) } catch {
            return FileDiagnostic(path: path, line: 1, column: 1, message: error.localizedDescription)
        }
        if let line = text.components(separatedBy: "\n").firstIndex(where: { $0.hasPrefix("<<<<<<< ") }) {
            return FileDiagnostic(path: path, line: line + 1, column: 1,
                                  message: "has git conflict markers from a text merge; keep the lines you want and delete the marker lines (run `carousel setup` so future merges go field by field)")
        }
        if path.hasPrefix(Vault.habitsDir + "/") {
            do { _ = try HabitParser.parse(text: text, path: path) } catch { return error }
            return nil
        }
        do { _ = try CardParser.parse(text: text, path: path) } catch { return error }
        return nil
    }

    private func title(inWorkTree path: String) -> String {
        guard let text = try? vault.readText(path) else { return path }
        return VaultWriter.title(fromText: text, path: path)
    }

    private func title(atHead path: String) -> String {
        guard let bytes = try? repository.headBlob(path: path) else { return path }
        return VaultWriter.title(fromText: String(decoding: bytes, as: UTF8.self), path: path)
    }

    static func title(fromText text: String, path: String) -> String {
        guard path.hasSuffix(".md"), path.hasPrefix(Vault.cardsDir + "/") || path.hasPrefix(Vault.habitsDir + "/"), let card = try? CardParser.parse(text: text, path: path).card else { return path }
        return card.title
    }
}
