import CarouselGit

/// Commits in this device's history that git took (a plain `git pull`) but libgit2 cannot read:
/// no author line, a date out of range. `log`, `undo` and every sync stop at one, so doctor
/// names it and whoever committed it.
extension VaultDoctor {
    /// How many of the newest commits are read.
    static let historyLimit = 10_000

    static func unreadableHistory(_ vault: Vault) -> [DoctorFinding] {
        guard let repo = try? Repository.open(at: vault.root), let head = (try? repo.referenceTarget("HEAD")) ?? nil,
              let bad = try? repo.unreadableCommits(from: head, known: [], limit: historyLimit) else { return [] }
        return bad.prefix(5).map { commit in
            DoctorFinding(kind: .unreadableCommit, severity: .problem, path: nil, line: nil,
                          message: "this device's history has " + IncomingHistory.description(of: commit),
                          fix: IncomingHistory.fix + "; on this device, after that, `git reset --keep` to the repaired branch (for example `git fetch origin` then `git reset --keep origin/main`, once every change of yours is pushed or saved)")
        }
    }
}
