import CarouselGit

/// Judges a tree that arrived from a remote before anything of it is checked out or merged:
/// `.carousel` is never taken from a remote, nor a vault folder that is a link leading out.
/// Links elsewhere that lead out are let in, and every command skips them (see `Vault`).
public enum IncomingTree {
    public struct Finding: Sendable, Equatable {
        public enum Kind: String, Sendable {
            /// Something tracked at `.carousel`, the state folder each device owns.
            case stateFolder = "state_folder"
            /// `cards`, `habits`, `journal`, `attachments` or `carousel.yaml` as a link leading out.
            case ownFolderLink = "own_folder_link"
            /// A path part that is empty, `.`, `..` or `.git`.
            case unsafeName = "unsafe_name"
            /// A link elsewhere that leads out of the vault or into `.git/` or `.carousel/`.
            case linkLeaves = "link_leaves"
            /// A submodule entry (mode 160000): libgit2 then looks for a repository inside the vault.
            case gitlink
            /// `.gitmodules`, which names submodules and where to fetch them.
            case gitmodules
            /// A name that comes twice in one folder (git fsck: duplicateEntries).
            case duplicateEntry = "duplicate_entry"
            /// Two names in one folder that differ only in Unicode normalisation (`é` as one
            /// character, NFC, and as `e` with a combining accent, NFD): two names to git, one
            /// to this device, as to macOS.
            case normalisationPair = "normalisation_pair"
            /// A link whose target text is longer than any path (`maxLinkBytes`).
            case linkTooLarge = "link_too_large"
            /// A path part longer than `maxNameBytes`: no file system here can hold it.
            case longName = "long_name"
            /// A name with a control character (a newline, ESC…), which would forge output lines.
            case controlName = "control_name"
            /// A file mode git never writes.
            case oddMode = "odd_mode"
            /// One of the vault's own folders (`cards`, `journal/2026`…) as a file.
            case fileForFolder = "file_for_folder"
            /// `carousel.yaml`, a card, habit or journal day as a folder.
            case folderForFile = "folder_for_file"
            /// A folder here that the incoming side made a file (or a link).
            case folderToFile = "folder_to_file"
            /// A file (or a link) here that the incoming side made a folder.
            case fileToFolder = "file_to_folder"
            /// A file over the size a vault file there may have (`limit(for:)`).
            case tooLarge = "too_large"
            /// A path more than `maxDepth` folders deep (`IncomingTree+depth.swift`).
            case tooDeep = "too_deep"
            /// carousel.yaml or TaskNotes' settings that do not read (`IncomingTree+settings.swift`).
            case badSettings = "bad_settings"
            /// Settings that name a cards folder the tree does not have.
            case cardsFolderMissing = "cards_folder_missing"
        }
        public let path: String
        public let kind: Kind
        /// Where a link points, as committed.
        public let target: String?

        /// Whether the whole tree must be refused (the others are reported, and skipped by commands).
        public var refuses: Bool { kind != .linkLeaves }

        public var description: String {
            let path = IncomingTree.shown(self.path)
            switch kind {
            case .stateFolder: return ".carousel is tracked" + (target.map { " (a link to \(IncomingTree.shown($0)))" } ?? "")
            case .ownFolderLink: return "\(path) is a link out of the vault (to \(IncomingTree.shown(target ?? "?")))"
            case .unsafeName: return "\(path) has a name no checkout may use"
            case .linkLeaves: return "\(path) is a link out of the vault (to \(IncomingTree.shown(target ?? "?"))); commands skip it"
            case .gitlink: return "\(path) is a submodule (a gitlink), which a vault cannot hold"
            case .gitmodules: return "\(path) is tracked (it names submodules, which a vault cannot hold)"
            case .duplicateEntry: return "\(path) is in its folder twice (a broken tree)"
            case .normalisationPair:
                return "\(path) is in its folder twice, under two Unicode spellings of one name (composed, NFC, and decomposed, NFD, "
                    + "as macOS writes it): git keeps them apart, this device reads them as one file"
            case .linkTooLarge:
                return "\(path) is a link of \(target ?? "?"), where a link names a path of at most \(IncomingTree.maxLinkBytes) bytes"
            case .longName: return "\(path) has a name longer than \(IncomingTree.maxNameBytes) bytes, which no file here can have"
            case .controlName: return "\(path) has a control character in its name"
            case .oddMode: return "\(path) has the file mode \(target ?? "?"), which git never writes"
            case .fileForFolder: return "\(path) is a file, where the vault keeps a folder"
            case .folderForFile: return "\(path) is a folder, where the vault keeps a file"
            case .folderToFile: return "the folder \(path) was replaced by a file"
            case .fileToFolder: return "the file \(path) was replaced by a folder"
            case .tooDeep: return "\(path) goes more than \(IncomingTree.maxDepth) folders deep, deeper than a checkout here may go"
            case .badSettings: return "\(path) does not read (line \((target ?? "?").split(whereSeparator: \.isNewline).joined(separator: " ")))"
            case .cardsFolderMissing: return "\(IncomingTree.shown(target ?? "the settings")) names \(path) as the cards folder, which that tree does not have (every card would vanish)"
            case .tooLarge: return "\(path) is \(target ?? "?"), over the \(IncomingTree.limit(for: self.path) >> 20) MB a vault file there may be"
            }
        }
    }

    /// Every finding in `entries`; `linkTarget` reads a link's target text (nil when unreadable).
    public static func findings(_ entries: [TreeEntry], linkTarget: (TreeEntry) -> String?) -> [Finding] {
        var result: [Finding] = []
        var stateEntries: [TreeEntry] = []
        for entry in entries {
            let parts = entry.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            if parts[0].lowercased() == Vault.localDir {
                stateEntries.append(entry)
                continue
            }
            if parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." || $0.lowercased() == ".git" || $0.contains("\0") }) {
                result.append(Finding(path: entry.path, kind: .unsafeName, target: nil))
                continue
            }
            guard entry.isLink else { continue }
            let target = linkTarget(entry)
            let stays = target.map { staysInside(linkAt: entry.path, target: $0) } ?? false
            if stays { continue }
            let own = parts.count == 1 && Vault.ownEntries.contains(parts[0])
            result.append(Finding(path: entry.path, kind: own ? .ownFolderLink : .linkLeaves, target: target))
        }
        result += shapeFindings(entries.filter { !$0.path.lowercased().hasPrefix(Vault.localDir + "/") && $0.path.lowercased() != Vault.localDir })
        // Reported once, whatever is below it, the same whatever the order of the entries.
        if let top = stateEntries.map({ String($0.path.prefix { $0 != "/" }) }).min() {
            let link = stateEntries.filter { $0.isLink && !$0.path.contains("/") }.min { $0.path < $1.path }
            result.append(Finding(path: top, kind: .stateFolder, target: link.flatMap(linkTarget)))
        }
        return result
    }

    /// Whether a link at `path` pointing to `target` stays inside the vault and out of `.git/`
    /// and `.carousel/`, judged by its text alone (the vault checks again, on disk, before any read).
    public static func staysInside(linkAt path: String, target: String) -> Bool {
        if target.isEmpty || target.hasPrefix("/") || target.contains("\0") || target.contains("\\") { return false }
        var stack = path.split(separator: "/").dropLast().map(String.init)
        for part in target.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if stack.isEmpty { return false }
                stack.removeLast()
            } else {
                stack.append(String(part))
            }
        }
        guard let first = stack.first?.lowercased() else { return false }  // the vault root itself
        return first != ".git" && first != Vault.localDir
    }

    /// Refuses the fetched commit `tip` when its tree must not be checked out here, naming the
    /// incoming commit that brought the problem and its author. Runs before any checkout or
    /// merge, so nothing local has changed when it throws.
    public static func refuseUnsafe(repository repo: Repository, tip: ObjectID, head: ObjectID?, remote: String) throws(CarouselError) {
        do {
            let judge = try judge(repository: repo, tip: tip, head: head)
            guard let first = try judge(tip).first else { return }
            // The oldest of the incoming commits back from the tip that all have it brought it.
            let (found, complete) = try findCulprit(of: first, repository: repo, tip: tip, head: head, judge: judge)
            let culprit: CommitInfo? = found
            let who = "commit \(String(found.id.hex.prefix(7))) (\"\(shown(found.summary))\") by \(shown(found.authorName)) <\(shown(found.authorEmail))>"
                + (complete ? "" : " (or one before it: Carousel stopped looking after \(culpritBudget.commits) commits or \(Int(culpritBudget.seconds)) s)")
            let fix: String
            switch first.kind {
            case .stateFolder:
                fix = "Carousel keeps each device's own lock and index in .carousel and never takes it from a remote. Ask whoever pushed it to run `git rm -r --cached .carousel`, commit and push; then sync again"
            case .ownFolderLink:
                fix = "Carousel reads and writes only inside the vault. Ask whoever pushed it to replace the link with a real \(first.path == Vault.settingsFile ? "file" : "folder"), commit and push; then sync again"
            case .unsafeName, .longName, .controlName:
                fix = "Ask whoever pushed it to rename it, commit and push; then sync again"
            case .tooDeep:
                fix = "Ask whoever pushed it to move those files fewer folders down, commit and push; then sync again"
            default:
                let id = culprit.map { String($0.id.hex.prefix(7)) } ?? "ID"
                fix = "Ask whoever pushed it to undo that commit (`git revert \(id)`) and push; then sync again"
            }
            throw CarouselError.boundary("\(remote) has \(who), in which \(first.description). Sync stopped before merging; nothing here changed and your commits are safe. \(fix)")
        } catch let error as CarouselError {
            throw error
        } catch {
            throw .git("cannot read what came from \(remote): \(error.localizedDescription)")
        }
    }

    /// A check of any commit's tree against this device's `head`: every refusing finding.
    /// Type changes are judged against `head` and the common ancestor of `head` and `tip`.
    static func judge(repository repo: Repository, tip: ObjectID, head: ObjectID?) throws -> (ObjectID) throws -> [Finding] {
        let headEntries = try head.map { try repo.entries(at: $0, maxDepth: maxDepth) } ?? []
        let base = try head.flatMap { try repo.mergeBase($0, tip) }
        let baseEntries = base == head ? headEntries : try base.map { try repo.entries(at: $0, maxDepth: maxDepth) } ?? []
        let known = Set(headEntries.map(\.id))
        return { commit in
            let entries = try repo.entries(at: commit, maxDepth: maxDepth)
            let found = findings(entries, linkTarget: { linkText(repo, $0) }) + typeChanges(tip: entries, head: headEntries, base: baseEntries)
                + settingsFindings(entries, changed: { !known.contains($0.id) }, read: { settingsText(repo, $0) }, linkTarget: { linkText(repo, $0) })
                + (try sizeFindings(entries.filter { !known.contains($0.id) }, size: { try repo.objectSize($0.id) }))
            return found.filter(\.refuses)
        }
    }

    /// A settings file's text, when it is small enough to be one.
    static func settingsText(_ repo: Repository, _ entry: TreeEntry) -> String? {
        guard let size = try? repo.objectSize(entry.id), size <= YAMLLimits.maxFileBytes, let bytes = try? repo.blob(entry.id) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func linkText(_ repo: Repository, _ entry: TreeEntry) -> String? {
        guard let size = try? repo.objectSize(entry.id), size <= 4096, let bytes = try? repo.blob(entry.id) else { return nil }
        return String(bytes: bytes, encoding: .utf8)
    }

    /// Card and habit files that came in with `tip` (new or changed since `before`) and do not
    /// parse or cannot be read here: reported by the sync, left as they are.
    public static func problems(vault: Vault, repository repo: Repository, before: ObjectID, tip: ObjectID) -> [FileDiagnostic] {
        guard let old = try? repo.files(at: before), let new = try? repo.files(at: tip) else { return [] }
        var result: [FileDiagnostic] = []
        for (path, id) in new.sorted(by: { $0.key < $1.key }) where old[path] != id && path.hasSuffix(".md") {
            let isCard = path.hasPrefix(Vault.cardsDir + "/"), isHabit = path.hasPrefix(Vault.habitsDir + "/")
            guard isCard || isHabit, !CrashRecovery.isTemporary(path) else { continue }
            if vault.isLink(path) || !vault.contains(relative: path) {
                let destination = vault.destination(of: path)
                if case .inside = destination { continue }
                result.append(Vault.skippedLinkDiagnostic(path, destination))
                continue
            }
            guard let text = try? vault.readText(path) else { continue }
            do {
                if isCard { _ = try CardParser.parse(text: text, path: path) } else { _ = try HabitParser.parse(text: text, path: path) }
            } catch {
                result.append(error)
            }
        }
        return result
    }
}
