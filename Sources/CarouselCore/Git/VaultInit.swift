import CarouselGit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `carousel init`: a folder becomes a vault, a git repository with settings and a first commit.
public enum VaultInit {
    public static let gitignore = """
        # Carousel's local cache, lock and machine state: never committed (a file, a link or a folder).
        /.carousel
        # Half-written files of an interrupted save.
        .carousel-tmp-*

        """

    public static let gitattributes = """
        # Cards, habits and journal days merge field by field with Carousel's merge driver
        # (`carousel merge-driver`). Without the driver registered, git falls back to its text merge.
        # Other Markdown notes (an Obsidian vault in the same folder) keep git's own merge.
        cards/**/*.md merge=carousel
        habits/**/*.md merge=carousel
        journal/**/*.md merge=carousel
        carousel.yaml merge=carousel
        # Attachments are kept whole: never diffed as text, never merged line by line.
        attachments/** binary

        """

    /// Makes `path` a vault (creating the folder). An existing git repository is adopted; an
    /// existing vault is refused. Returns the vault and the first commit's message.
    /// `identity`, when given, goes into the vault's own git config before the first commit, so
    /// every commit made here carries it.
    public static func run(path: String, sample: Bool, today: Day, environment: [String: String],
                           identity: Signature? = nil, format: Settings.CardFormat = .carousel,
                           makeID: () -> String) throws(CarouselError) -> Vault {
        let root = Vault.absolute(path)
        // A folder TaskNotes already keeps its tasks in writes new cards the way TaskNotes does.
        let format = format == .carousel && FileManager.default.fileExists(atPath: root + "/" + TaskNotesSettings.path) ? .tasknotes : format
        let existing = FileManager.default.fileExists(atPath: root + "/" + Vault.settingsFile)
        if existing && Repository.isRepository(at: root) {
            throw .alreadyAVault(path: path)
        }
        if existing && sample {
            throw .usage("\(path) already has a carousel.yaml; --sample only fills a new vault")
        }
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            if !Repository.isRepository(at: root) { _ = try Repository.create(at: root) }
            let repository = try Repository.open(at: root)
            try registerMergeDriver(repository)
            if let identity {
                try repository.setLocalConfig("user.name", identity.name)
                try repository.setLocalConfig("user.email", identity.email)
            }
        } catch {
            throw .git("cannot make a git repository at \(path): \(error.localizedDescription)")
        }
        // A folder that already holds a vault's files (a copy, an unpacked backup) is adopted as it is.
        let settingsText = existing ? try FileSystem.readText(root + "/" + Vault.settingsFile, followLinks: false, shownAs: Vault.settingsFile)
            : Settings.initialText(started: today, format: format)
        if !existing { try FileSystem.writeAtomically(settingsText, to: root + "/" + Vault.settingsFile) }
        let vault = try Vault(at: root)
        let writer = try VaultWriter(vault: vault, environment: environment)
        // The ignore rules go down first, so the files they leave out (Obsidian's workspace, a
        // `.carousel/` copied along) are not swept into the first commit below.
        let ignore = mergedIgnore(existing: try? vault.readText(".gitignore"))
        try vault.write(".gitignore", text: ignore)
        var writes: [FileWrite] = [
            FileWrite(path: Vault.settingsFile, text: settingsText),
            FileWrite(path: ".gitignore", text: ignore),
        ]
        if !FileManager.default.fileExists(atPath: root + "/.gitattributes") {
            writes.append(FileWrite(path: ".gitattributes", text: attributes(cardsFolder: Vault.cardsDir)))
        }
        for dir in [Vault.cardsDir, Vault.habitsDir, Vault.journalDir] where !FileManager.default.fileExists(atPath: vault.url(dir)) {
            writes.append(FileWrite(path: dir + "/.gitkeep", text: ""))
        }
        if sample { writes += SampleData.files(today: today, makeID: makeID) }
        let message = existing ? "init: vault from existing files" : (sample ? "init: new vault with sample data" : "init: new vault")
        // Anything else already in the folder (a copy, an adopted repository) goes into the same
        // first commit, except files that do not parse.
        let found = try writer.pendingEdits()
        try writer.apply(writes, alsoCommitting: found.paths, message: message)
        return vault
    }

    /// `.gitattributes` for a vault whose cards are in `cardsFolder`: its cards merge field by field too.
    static func attributes(cardsFolder: String) -> String {
        guard cardsFolder != Vault.defaultCardsDir else { return gitattributes }
        // A pattern cannot hold a space; git's `[[:space:]]` stands for one.
        let pattern = cardsFolder.replacingOccurrences(of: " ", with: "[[:space:]]") + "/**/*.md merge=carousel\n"
        return gitattributes.replacingOccurrences(of: "habits/**/*.md", with: pattern + "habits/**/*.md")
    }

    /// Who the commits made here will name, and whether that is only Carousel's stand-in
    /// ("Carousel <carousel@localhost>") because no name or e-mail was found anywhere.
    public static func author(of vault: Vault, environment: [String: String]) -> (signature: Signature, standIn: Bool) {
        guard let repository = try? Repository.open(at: vault.root) else {
            return (Signature(name: "Carousel", email: "carousel@localhost"), true)
        }
        let signature = VaultWriter.identity(.author, repository: repository, environment: environment)
        return (signature, signature.name == "Carousel" || signature.email == "carousel@localhost")
    }

    /// The name and e-mail git would use for a new repository here (environment, then git's
    /// global config), offered as the defaults when `init` asks.
    public static func gitIdentity(environment: [String: String]) -> (name: String?, email: String?) {
        func first(_ candidates: String?...) -> String? { candidates.lazy.compactMap { $0 }.first { !$0.isEmpty } }
        return (first(environment["GIT_AUTHOR_NAME"], Repository.defaultConfigString("user.name"), environment["CAROUSEL_AUTHOR_NAME"]),
                first(environment["GIT_AUTHOR_EMAIL"], Repository.defaultConfigString("user.email"), environment["EMAIL"],
                      environment["CAROUSEL_AUTHOR_EMAIL"]))
    }

    /// Tells git how to run `merge=carousel` (see .gitattributes), so `git pull` merges cards field by field.
    public static func registerMergeDriver(_ repository: Repository) throws {
        try repository.setLocalConfig("merge.carousel.name", "Carousel field-by-field merge")
        try repository.setLocalConfig("merge.carousel.driver", "carousel merge-driver %O %A %B %P")
    }

    /// `carousel setup`: registers the merge driver in an existing clone (git does not copy local config).
    public static func setUp(vault: Vault) throws(CarouselError) {
        do {
            try registerMergeDriver(Repository.open(at: vault.root))
        } catch {
            throw .git("cannot write the vault's git config: \(error.localizedDescription)")
        }
    }

    /// Obsidian rewrites these on every click; they are one device's window layout, not notes.
    public static let obsidianIgnore = """
        # Obsidian, if the vault is opened there too: its per-device workspace and cache.
        .obsidian/workspace*.json
        .obsidian/cache

        """

    static func mergedIgnore(existing: String?) -> String {
        let base = mergedCarouselIgnore(existing: existing)
        if TextLines.split(base).contains(where: { $0.trimmingCharacters(in: .whitespaces) == ".obsidian/workspace*.json" }) {
            return base
        }
        return base + (base.hasSuffix("\n") ? "" : "\n") + obsidianIgnore
    }

    static func mergedCarouselIgnore(existing: String?) -> String {
        guard let existing, !existing.isEmpty else { return gitignore }
        if TextLines.split(existing).contains(where: { $0.trimmingCharacters(in: .whitespaces) == "/.carousel" }) {
            return existing
        }
        return existing + (existing.hasSuffix("\n") ? "" : "\n") + gitignore
    }

    /// The ignore rules every clone needs, whatever its committed `.gitignore` says (an older
    /// vault has `.carousel/`, which matches only a folder): kept in the clone's own
    /// `.git/info/exclude`, which is never committed or pulled.
    static let localExcludes = ["/.carousel", ".carousel-tmp-*"]

    static func ensureLocalExcludes(_ vault: Vault) {
        let info = vault.url(".git/info")
        guard !FileSystem.isLink(vault.url(".git")), !FileSystem.isLink(info) else { return }
        let path = info + "/exclude"
        let existing = (try? FileSystem.readText(path, followLinks: false)) ?? ""
        let lines = Set(existing.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        let missing = localExcludes.filter { !lines.contains($0) }
        guard !missing.isEmpty, mkdir(info, 0o755) == 0 || errno == EEXIST else { return }
        let text = existing + (existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n")
            + "# Carousel's state folder and half-written files, whatever .gitignore says\n" + missing.map { $0 + "\n" }.joined()
        _ = try? FileSystem.writeAtomically(text, to: path)
    }
}
