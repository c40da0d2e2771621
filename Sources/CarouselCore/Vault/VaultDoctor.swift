import CarouselGit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One thing `carousel doctor` found, with what to do about it.
public struct DoctorFinding: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        case stateFolder = "state_folder", ownFolderLink = "own_folder_link", link, badId = "bad_id", unparsable
        case temporaryFile = "temporary_file", ignoreRule = "ignore_rule", remote, remind
        /// A submodule entry (or `.gitmodules`) in git's index: every change fails.
        case gitlink
        /// The index has a file where the last commit has a folder, or the other way.
        case halfDoneSync = "half_done_sync"
        /// An index entry whose kind on disk differs (a folder for a file, a file for a folder).
        case kindOnDisk = "kind_on_disk"
        /// A FIFO, device or socket among the vault's files.
        case specialFile = "special_file"
        /// A `blocked_by` entry that names no card, or cards that wait for each other.
        case dependency
        /// A commit in this device's history that libgit2 cannot read (`VaultDoctor+history.swift`).
        case unreadableCommit = "unreadable_commit"
    }
    public enum Severity: String, Codable, Sendable {
        /// Something Carousel refuses or skips until it is fixed.
        case problem
        /// Worth knowing; nothing is blocked.
        case note
    }
    public let kind: Kind
    public let severity: Severity
    /// Vault-relative path, when the finding is about a file.
    public let path: String?
    /// Line number starting from 1, when known.
    public let line: Int?
    public let message: String
    public let fix: String
}

/// A remote from the repository's config and what could be said about it without the network.
public struct DoctorRemote: Codable, Sendable, Equatable {
    public let name: String
    /// The URL with any user name or password removed.
    public let url: String
    /// `local` (a path on this machine) or `network`.
    public let kind: String
    /// For a local remote: whether it is there and is a git repository; nil for a network one.
    public let reachable: Bool?
}

/// `carousel doctor`: every boundary and file problem in one list. It reads only, takes no
/// lock and opens no connection, so it works on a vault that every other command refuses.
public enum VaultDoctor {
    public struct Report: Codable, Sendable {
        public var findings: [DoctorFinding] = []
        public var remotes: [DoctorRemote] = []
        public var problems: Int { findings.filter { $0.severity == .problem }.count }
    }

    public static func run(vault: Vault) -> Report {
        var report = Report()
        if let state = vault.stateFolderProblem() {
            report.findings.append(DoctorFinding(kind: .stateFolder, severity: .problem, path: Vault.localDir, line: nil,
                                                 message: String(state.prefix { $0 != ";" }), fix: fixPart(state)))
        }
        for problem in vault.structureProblems() where !problem.hasPrefix(Vault.localDir + " ") {
            let name = String(problem.prefix { $0 != " " })
            report.findings.append(DoctorFinding(kind: .ownFolderLink, severity: .problem, path: name, line: nil,
                                                 message: String(problem.prefix { $0 != ";" }), fix: fixPart(problem)))
        }
        report.findings += wedges(vault)
        report.findings += unreadableHistory(vault)
        report.findings += links(vault)
        report.findings += files(vault)
        for path in temporaryFiles(vault) {
            report.findings.append(DoctorFinding(kind: .temporaryFile, severity: .note, path: path, line: nil,
                                                 message: "\(path) is half of a save that was interrupted",
                                                 fix: "nothing to do: the next change removes it once the process that wrote it is gone"))
        }
        if let ignore = try? vault.readText(".gitignore"),
           !ignore.split(separator: "\n").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "/.carousel" }) {
            report.findings.append(DoctorFinding(kind: .ignoreRule, severity: .note, path: ".gitignore", line: nil,
                                                 message: ".gitignore does not ignore a .carousel file or link (only `.carousel/` or nothing)",
                                                 fix: "add a line `/.carousel` to .gitignore and commit it (each clone already ignores it locally)"))
        }
        report.remotes = remotes(vault)
        for remote in report.remotes where remote.reachable == false {
            report.findings.append(DoctorFinding(kind: .remote, severity: .problem, path: nil, line: nil,
                                                 message: "remote \(remote.name) is a folder on this machine (\(remote.url)) that is missing or not a git repository",
                                                 fix: "fix the path with `git remote set-url \(remote.name) PATH`, or make it with `git init --bare PATH`"))
        }
        report.findings += reminders(vault)
        report.findings += IgnoredFiles.hidden(in: vault).map(hiddenFinding)
        return report
    }

    private static func fixPart(_ message: String) -> String {
        guard let i = message.firstIndex(of: ";") else { return message }
        return message[message.index(after: i)...].trimmingCharacters(in: .whitespaces)
    }

    /// Every entry of the vault's files (not `.git/` or `.carousel/`), in name order, with its
    /// `lstat`: `visit` gets the vault-relative path, the name and the stat, and says whether to
    /// go into it (only a real folder is gone into, never through a link).
    static func eachEntry(_ vault: Vault, _ visit: (_ path: String, _ name: String, _ st: stat) -> Bool) {
        func walk(_ relative: String, depth: Int) {
            guard depth < 32, let handle = opendir(relative.isEmpty ? vault.root : vault.url(relative)) else { return }
            defer { closedir(handle) }
            var names: [String] = []
            while let entry = readdir(handle) {
                names.append(withUnsafePointer(to: entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
                })
            }
            for name in names.sorted() where name != "." && name != ".." {
                if relative.isEmpty, name == ".git" || name == Vault.localDir { continue }
                let rel = relative.isEmpty ? name : relative + "/" + name
                var st = stat()
                guard lstat(vault.url(rel), &st) == 0 else { continue }
                if visit(rel, name, st), (st.st_mode & S_IFMT) == S_IFDIR { walk(rel, depth: depth + 1) }
            }
        }
        walk("", depth: 0)
    }

    /// Every link in the vault's files (not `.git/` or `.carousel/`) that leads out.
    static func links(_ vault: Vault) -> [DoctorFinding] {
        var result: [DoctorFinding] = []
        eachEntry(vault) { rel, name, st in
            guard (st.st_mode & S_IFMT) == S_IFLNK else { return true }
            if !rel.contains("/"), Vault.ownEntries.contains(name) { return false }  // reported as own-folder links
            let destination = vault.destination(of: rel)
            if case .inside = destination { return false }
            let target = FileSystem.linkTarget(vault.url(rel)) ?? "?"
            var isFolder: ObjCBool = false
            let noun = FileManager.default.fileExists(atPath: vault.url(rel), isDirectory: &isFolder) && isFolder.boolValue ? "folder" : "file"
            result.append(DoctorFinding(kind: .link, severity: .problem, path: rel, line: nil,
                                        message: "\(rel) is \(destination.link(to: noun)) (\(target)); Carousel skips it",
                                        fix: "remove it with `git rm \(rel)` and commit, or replace it with a real file"))
            return false
        }
        return result
    }

    /// Cards, habits, journal days and settings that do not parse; cards and habits whose id
    /// cannot be used.
    static func files(_ vault: Vault) -> [DoctorFinding] {
        var result: [DoctorFinding] = []
        var cards: [Card] = []
        func add(_ d: FileDiagnostic) {
            let badID = d.sourceLine?.trimmingCharacters(in: .whitespaces).hasPrefix("id:") ?? false
            let badName = d.path.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
            let fix = badID ? "delete the id line (or give it a plain id such as a ULID); the next change writes a new one"
                : badName ? "rename it to a plain name, for example with your file manager or `mv` (type the name with tab completion)"
                : "fix the file at that line in a text editor; Carousel skips it and never rewrites it until it parses"
            result.append(DoctorFinding(kind: badID ? .badId : .unparsable, severity: d.severity == .error ? .problem : .note,
                                        path: d.path, line: d.line, message: d.headline, fix: fix))
        }
        do {
            _ = try Settings.parse(text: try vault.readText(Vault.settingsFile))
        } catch let error as FileDiagnostic {
            add(error)
        } catch {
            result.append(DoctorFinding(kind: .unparsable, severity: .problem, path: Vault.settingsFile, line: nil,
                                        message: error.localizedDescription, fix: "make carousel.yaml a readable text file"))
        }
        // carousel.yaml's part of the layout was checked just above.
        do { _ = try TaskNotesSettings.layout { try? vault.readText($0) } } catch where error.path != Vault.settingsFile { add(error) } catch {}
        for dir in [Vault.cardsDir, Vault.habitsDir, Vault.journalDir] {
            for path in FileSystem.markdownListing(root: vault.root, dir: dir).files {
                let text: String
                do { text = try vault.readText(path) } catch {
                    add(FileDiagnostic(path: path, line: 1, column: 1, message: error.localizedDescription))
                    continue
                }
                do {
                    switch dir {
                    case Vault.cardsDir: cards.append(try CardParser.parse(text: text, path: path).card)
                    case Vault.habitsDir: _ = try HabitParser.parse(text: text, path: path)
                    default:
                        do { _ = try FrontMatterFields(document: try FrontMatterDocument(text: text)) } catch {
                            throw FileDiagnostic(path: path, line: error.line, column: error.column, message: error.message)
                        }
                    }
                } catch let error as FileDiagnostic {
                    add(error)
                } catch {}
            }
        }
        return result + dependencies(cards)
    }

    static func temporaryFiles(_ vault: Vault) -> [String] {
        var found: [String] = []
        for dir in ["", Vault.cardsDir, Vault.habitsDir, Vault.localDir] {
            let full = dir.isEmpty ? vault.root : vault.url(dir)
            guard !FileSystem.isLink(full), let names = try? FileManager.default.contentsOfDirectory(atPath: full) else { continue }
            for name in names where name.hasPrefix(FileSystem.temporaryPrefix) { found.append(dir.isEmpty ? name : dir + "/" + name) }
        }
        return found.sorted()
    }

    /// The configured remotes; a local one is looked at on disk, a network one is not contacted.
    static func remotes(_ vault: Vault) -> [DoctorRemote] {
        guard let repo = try? Repository.open(at: vault.root), let names = try? repo.remoteNames() else { return [] }
        return names.sorted().compactMap { name in
            guard let url = (try? repo.remoteURL(name)) ?? nil else { return nil }
            guard let path = localPath(url) else {
                return DoctorRemote(name: name, url: redactedURL(url), kind: "network", reachable: nil)
            }
            let absolute = path.hasPrefix("/") ? path : vault.root + "/" + path
            let fm = FileManager.default
            let isRepo = fm.fileExists(atPath: absolute + "/HEAD") || fm.fileExists(atPath: absolute + "/.git/HEAD")
            return DoctorRemote(name: name, url: url, kind: "local", reachable: isRepo)
        }
    }

    /// The folder of a local remote URL (`/srv/vault.git`, `../vault.git`, `file:///srv/vault.git`), nil for a network one.
    static func localPath(_ url: String) -> String? {
        if url.hasPrefix("file://") { return String(url.dropFirst("file://".count)) }
        if url.contains("://") { return nil }
        // `host:path` is ssh's short form, unless a slash comes before the colon.
        if let colon = url.firstIndex(of: ":"), !url[..<colon].contains("/") { return nil }
        return url
    }
}
