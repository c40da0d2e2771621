import CarouselGit

/// The shape of an incoming tree: what git can store but no checkout here may take. Each of
/// these left a device unable to sync or change anything once checked out, so the whole tree
/// is refused (see docs/security.md, "What a peer cannot wedge").
extension IncomingTree {
    /// The longest name one path part may have, in bytes (Linux's NAME_MAX).
    public static let maxNameBytes = 255

    /// Modes git writes: folder, file, executable file, link, submodule.
    static let knownModes: Set<UInt32> = [TreeEntry.treeMode, 0o100644, 0o100755, TreeEntry.linkMode, TreeEntry.gitlinkMode]

    /// Findings about one entry's name and mode, and about entries that come twice.
    static func shapeFindings(_ entries: [TreeEntry]) -> [Finding] {
        var result = depthFindings(entries)
        // Swift compares strings by canonical equivalence, so an NFC and an NFD spelling of one
        // name meet here; their bytes tell a true duplicate from such a pair.
        var seen: [String: [UInt8]] = [:], twice: Set<String> = []
        for entry in entries {
            if let earlier = seen[entry.path] {
                if twice.insert(entry.path).inserted {
                    let kind: Finding.Kind = earlier == Array(entry.path.utf8) ? .duplicateEntry : .normalisationPair
                    result.append(Finding(path: entry.path, kind: kind, target: nil))
                }
            } else {
                seen[entry.path] = Array(entry.path.utf8)
            }
            let parts = entry.path.split(separator: "/", omittingEmptySubsequences: false)
            if parts.contains(where: { $0.unicodeScalars.contains { $0.properties.generalCategory == .control } }) {
                result.append(Finding(path: entry.path, kind: .controlName, target: nil))
            } else if parts.contains(where: { $0.utf8.count > maxNameBytes }) {
                result.append(Finding(path: entry.path, kind: .longName, target: nil))
            }
            if entry.mode == TreeEntry.gitlinkMode {
                result.append(Finding(path: entry.path, kind: .gitlink, target: nil))
            } else if !knownModes.contains(entry.mode) {
                result.append(Finding(path: entry.path, kind: .oddMode, target: String(entry.mode, radix: 8)))
            }
            if entry.path.lowercased() == ".gitmodules" {
                result.append(Finding(path: entry.path, kind: .gitmodules, target: nil))
            }
            if let wrong = wrongShape(entry) {
                result.append(Finding(path: entry.path, kind: wrong, target: nil))
            }
        }
        return result
    }

    /// The most a file may be: a card, habit, journal day or `carousel.yaml` what Carousel reads
    /// (`YAMLLimits`), anything else (an attachment) what `attach` takes, since a checkout holds a
    /// file whole in memory.
    static func limit(for path: String) -> Int {
        path == Vault.settingsFile || Vault.isCarouselMarkdown(path) ? YAMLLimits.maxFileBytes : Int(Attachments.maxFileBytes)
    }

    /// Files (not links, folders or submodules) over their limit, each measured from its object's
    /// header, never read whole.
    /// Links included: a checkout reads a link's blob whole too, and no target is longer than
    /// a path (`maxLinkBytes`).
    static func sizeFindings(_ entries: [TreeEntry], size: (TreeEntry) throws -> Int) rethrows -> [Finding] {
        var result: [Finding] = []
        for entry in entries where entry.mode == 0o100644 || entry.mode == 0o100755 || entry.isLink {
            let bytes = try size(entry)
            if entry.isLink {
                if bytes > maxLinkBytes { result.append(Finding(path: entry.path, kind: .linkTooLarge, target: Attachments.size(Int64(bytes)))) }
            } else if bytes > limit(for: entry.path) {
                result.append(Finding(path: entry.path, kind: .tooLarge, target: Attachments.size(Int64(bytes))))
            }
        }
        return result
    }

    /// The longest link target a tree may hold, in bytes (Linux's PATH_MAX).
    public static let maxLinkBytes = 4096

    /// The vault's own folders (`cards`, `habits`, `journal`, `attachments`, a year under
    /// `journal`) must be folders and its own files (`carousel.yaml`, a card, habit or journal
    /// day) must not be; a link to somewhere inside is judged as a link, elsewhere.
    static func wrongShape(_ entry: TreeEntry) -> Finding.Kind? {
        if entry.isLink { return nil }
        let parts = entry.path.split(separator: "/", omittingEmptySubsequences: false)
        let isFolder = entry.mode == TreeEntry.treeMode
        let ownFolder = (parts.count == 1 && Vault.ownEntries.contains(entry.path) && entry.path != Vault.settingsFile)
            || (parts.count == 2 && parts[0] == Vault.journalDir && parts[1].count == 4 && parts[1].allSatisfy(\.isASCII) && parts[1].allSatisfy(\.isNumber))
        if ownFolder, !isFolder { return .fileForFolder }
        if isFolder, entry.path == Vault.settingsFile || Vault.isCarouselMarkdown(entry.path) { return .folderForFile }
        return nil
    }

    /// Paths that `tip` turns from a folder into something else, or the other way, where this
    /// device has them the other way (`head`) and the common ancestor (`base`) agrees with this
    /// device: a change only the incoming side made. A checkout would have to delete a folder
    /// of files, or put files under what is a file here.
    public static func typeChanges(tip: [TreeEntry], head: [TreeEntry], base: [TreeEntry]) -> [Finding] {
        func folders(_ entries: [TreeEntry]) -> [String: Bool] {
            var kinds: [String: Bool] = [:]
            for entry in entries where kinds[entry.path] == nil { kinds[entry.path] = entry.mode == TreeEntry.treeMode }
            return kinds
        }
        let here = folders(head), before = folders(base)
        var result: [Finding] = []
        var reported: Set<String> = []
        for entry in tip where reported.insert(entry.path).inserted {
            let isFolder = entry.mode == TreeEntry.treeMode
            guard let wasFolder = here[entry.path], wasFolder != isFolder, before[entry.path] != isFolder else { continue }
            result.append(Finding(path: entry.path, kind: isFolder ? .fileToFolder : .folderToFile, target: nil))
        }
        return result
    }

    /// A path as a message may show it: control characters spelled out, never sent to a terminal.
    static func shown(_ path: String) -> String {
        var text = ""
        for scalar in path.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                text += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text.utf8.count > 120 ? String(text.prefix(60)) + "…" + String(text.suffix(20)) : text
    }
}
