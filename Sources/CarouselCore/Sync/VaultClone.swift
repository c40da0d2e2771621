import CarouselGit
import Foundation

/// `carousel clone URL [PATH]`: a second device in one command. Fetches the remote with git,
/// checks the incoming tree as sync does, checks out the vault's branch, sets the upstream, the
/// merge driver and the local excludes. An empty remote gets a new vault, pushed at once.
/// Whatever fails, nothing is left behind: a folder the clone made is removed again.
public enum VaultClone {
    public struct Report: Sendable {
        public var vault = ""
        public var url = ""
        public var branch = ""
        /// Commits that came in (0 for an empty remote).
        public var commits = 0
        public var cards = 0
        /// The remote had no branch: a new vault was made here and pushed.
        public var startedEmpty = false
        public var setRemoteHead = false
    }

    public static func run(url: String, path: String, branch wanted: String?, today: Day, environment: [String: String],
                           transfer: TransferOptions = TransferOptions(), identity: Signature? = nil,
                           makeID: () -> String) throws(CarouselError) -> Report {
        let root = Vault.absolute(path)
        // A folder on this machine named relatively means from here, as for `git clone`, not
        // from inside the new vault where git fetch runs.
        let url = RemoteHead.localPath(url, relativeTo: FileManager.default.currentDirectoryPath).map { url.hasPrefix("file://") ? url : $0 } ?? url
        let existed = FileManager.default.fileExists(atPath: root)
        if existed {
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [""]
            guard contents.isEmpty else { throw .usage("\(path) already exists and is not empty; clone into a new folder") }
        }
        var report = Report(vault: root, url: redactedURL(url))
        do {
            report = try clone(url: url, root: root, wanted: wanted, report: report, environment: environment, transfer: transfer)
            // Whose name this device's commits carry, as `init` asks it (git does not copy it).
            if let identity {
                let repository = try Repository.open(at: root)
                try repository.setLocalConfig("user.name", identity.name)
                try repository.setLocalConfig("user.email", identity.email)
            }
        } catch {
            // Nothing half-made stays: the folder (or, in an empty folder that was there, what went in it).
            if existed {
                for name in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] {
                    try? FileManager.default.removeItem(atPath: root + "/" + name)
                }
            } else {
                try? FileManager.default.removeItem(atPath: root)
            }
            if let error = error as? CarouselError { throw error }
            throw .git("cannot clone \(report.url): \(SyncRound.reason(error)); nothing was made at \(path)")
        }
        if report.branch.isEmpty {
            // An empty remote: this device starts the vault, and its first sync makes the branch.
            let vault = try VaultInit.run(path: root, sample: false, today: today, environment: environment, identity: identity, makeID: makeID)
            let synced = try VaultSync.run(vault: vault, remote: "origin", environment: environment, transfer: transfer)
            report.branch = synced.branch
            report.startedEmpty = true
            report.setRemoteHead = synced.setRemoteHead
        }
        return report
    }

    private static func clone(url: String, root: String, wanted: String?, report: Report, environment: [String: String],
                              transfer: TransferOptions) throws -> Report {
        var report = report
        let repo = try Repository.create(at: root)
        try repo.addRemote(name: "origin", url: url)
        do {
            try repo.fetch(remote: "origin", environment: environment, options: transfer)
        } catch let error as TransferError {
            throw CarouselError.git("cannot fetch \(report.url): \(redactedURL(error.detail)); nothing was made at \(root)")
        }
        let branches = try repo.referenceNames(matching: "refs/remotes/origin/*")
            .map { String($0.dropFirst("refs/remotes/origin/".count)) }.filter { $0 != "HEAD" }
        if branches.isEmpty {
            if let wanted { throw CarouselError.usage("\(report.url) is empty, so it has no branch \(wanted)") }
            return report
        }
        let branch: String
        if let wanted {
            guard branches.contains(wanted) else {
                throw CarouselError.usage("\(report.url) has no branch \(wanted); it has \(branches.joined(separator: ", "))")
            }
            branch = wanted
        } else if let usual = ["main", "master"].first(where: branches.contains) {
            branch = usual
        } else if branches.count == 1 {
            branch = branches[0]
        } else {
            throw CarouselError.usage("\(report.url) has several branches (\(branches.joined(separator: ", "))); choose one with --branch NAME")
        }
        guard let tip = try repo.referenceTarget("refs/remotes/origin/\(branch)") else {
            throw CarouselError.git("the branch \(branch) of \(report.url) went away while cloning; try again")
        }
        try IncomingHistory.refuseUnreadable(repository: repo, tip: tip, head: nil, remote: "origin")
        try IncomingTree.refuseUnsafe(repository: repo, tip: tip, head: nil, remote: "origin")
        let files = try repo.files(at: tip)
        guard files[Vault.settingsFile] != nil else {
            throw CarouselError.usage("\(report.url) has no \(Vault.settingsFile) on \(branch), so it is not a Carousel vault; "
                + "to use a folder of notes, clone it with git and run `carousel init` in it")
        }
        try repo.checkOutFirst(branch: branch, target: tip)
        try repo.setLocalConfig("branch.\(branch).remote", "origin")
        try repo.setLocalConfig("branch.\(branch).merge", "refs/heads/\(branch)")
        try VaultInit.registerMergeDriver(repo)
        VaultInit.ensureLocalExcludes(try Vault(at: root))
        report.branch = branch
        report.commits = try repo.commits(from: tip, hiding: nil).count
        report.cards = files.keys.filter { $0.hasPrefix(Vault.cardsDir + "/") && $0.hasSuffix(".md") }.count
        return report
    }
}
