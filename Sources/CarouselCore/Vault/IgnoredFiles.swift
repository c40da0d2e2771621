import CarouselGit

/// Cards, habits and journal days that git's ignore rules hide: written in an editor, they are
/// never committed, so they never reach another device. `sync` and `doctor` name them.
public enum IgnoredFiles {
    /// Vault-relative paths, sorted; empty when git cannot be read.
    public static func hidden(in vault: Vault) -> [String] {
        guard let repository = try? Repository.open(at: vault.root),
              let paths = try? repository.ignoredFiles(under: [Vault.cardsDir, Vault.habitsDir, Vault.journalDir]) else { return [] }
        return paths.filter { Vault.isCarouselMarkdown($0) && !CrashRecovery.isTemporary($0) }.sorted()
    }

    /// One line for the terminal: the first few names, and how to find the rule.
    public static func message(_ paths: [String]) -> String {
        let shown = paths.prefix(5).joined(separator: ", ") + (paths.count > 5 ? " and \(paths.count - 5) more" : "")
        return "Not shared: git's ignore rules hide \(Words.plural(paths.count, "file")) of this vault, so no sync commits "
            + "\(paths.count == 1 ? "it" : "them"): \(shown). `git check-ignore -v \(paths[0])` names the rule; "
            + "remove it (or add a line `!*.md` after it) and sync again."
    }
}

extension VaultDoctor {
    /// A file git's ignore rules hide from every commit.
    static func hiddenFinding(_ path: String) -> DoctorFinding {
        DoctorFinding(kind: .ignoreRule, severity: .problem, path: path, line: nil,
                      message: "\(path) is hidden by git's ignore rules, so it is never committed or shared",
                      fix: "`git check-ignore -v \(path)` names the rule; remove it (or add `!*.md` after it), then `carousel sync`")
    }
}
