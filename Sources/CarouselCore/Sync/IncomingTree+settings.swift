import CarouselGit

/// The incoming tree judged by its own settings: the cards folder that carousel.yaml's
/// `cards_folder:` or TaskNotes' `tasksFolder` names *in that tree*, not the one this device
/// reads now. A settings file that does not read would stop every command once checked out,
/// and a cards folder that leads out of the vault (`cards_folder: stuff` with `stuff ->
/// /elsewhere`) or is not there would read outside or make every card vanish; each is one
/// named file, and the whole tree is refused.
extension IncomingTree {
    /// Findings about carousel.yaml and TaskNotes' settings in `entries`; `read` gives a file's
    /// text (nil when it is missing or too large to be settings). `changed` says whether the
    /// entry differs from this device's, so a file broken here already does not refuse every sync.
    static func settingsFindings(_ entries: [TreeEntry], changed: (TreeEntry) -> Bool,
                                 read: (TreeEntry) -> String?, linkTarget: (TreeEntry) -> String?) -> [Finding] {
        var byPath: [String: TreeEntry] = [:]
        for entry in entries where entry.path == Vault.settingsFile || entry.path == TaskNotesSettings.path
            || entry.mode == TreeEntry.treeMode || entry.isLink {
            byPath[entry.path] = byPath[entry.path] ?? entry
        }
        var result: [Finding] = []
        if let yaml = byPath[Vault.settingsFile], !yaml.isLink, yaml.mode != TreeEntry.treeMode, changed(yaml), let text = read(yaml) {
            do { _ = try Settings.parse(text: text) } catch { result.append(Finding(path: yaml.path, kind: .badSettings, target: "\(error.line): \(error.message)")) }
        }
        let layout: VaultLayout
        do {
            layout = try TaskNotesSettings.layout { path in byPath[path].flatMap { $0.isLink ? nil : read($0) } }
        } catch {
            let entry = byPath[error.path]
            if entry.map(changed) ?? true {
                result.append(Finding(path: error.path, kind: .badSettings, target: "\(error.line): \(error.message)"))
            }
            return result
        }
        let folder = layout.cardsFolder
        // Every folder on the way to the cards must be a real folder of the tree.
        var prefix = ""
        for part in folder.split(separator: "/") {
            prefix += (prefix.isEmpty ? "" : "/") + part
            guard let entry = byPath[prefix] else {
                if folder != VaultLayout.active.cardsFolder {
                    result.append(Finding(path: folder, kind: .cardsFolderMissing, target: layout.source))
                }
                return result
            }
            if entry.isLink {
                let target = linkTarget(entry)
                if !(target.map { staysInside(linkAt: entry.path, target: $0) } ?? false) {
                    result.append(Finding(path: entry.path, kind: .ownFolderLink, target: target))
                }
                return result
            }
        }
        return result
    }
}

extension IncomingTree {
    /// Said after a sync took settings that move the cards folder (judged valid before): where
    /// the cards are read from now, so no card seems to vanish without a word.
    public static func layoutNotes(vault: Vault) -> [MergeNote] {
        guard let layout = try? TaskNotesSettings.layout(read: { try? vault.readText($0) }),
              layout.cardsFolder != vault.layout.cardsFolder else { return [] }
        return [MergeNote(path: layout.source ?? Vault.settingsFile,
                          message: "the cards folder is now \(layout.cardsFolder)/ (it was \(vault.layout.cardsFolder)/), as these settings from the other device say; the next command reads the cards there")]
    }
}
