import CarouselGit
import Foundation

/// `carousel sync`: commit pending edits, fetch, fast-forward or merge, push; again if the
/// remote moved meanwhile, a bounded number of times.
public enum VaultSync {
    public static let maxAttempts = 4

    public static func run(vault: Vault, remote: String, environment: [String: String]) throws(CarouselError) -> SyncReport {
        let timeout = environment["CAROUSEL_LOCK_TIMEOUT"].flatMap(Double.init) ?? 10
        let lock = try VaultLock(vault: vault, timeout: timeout)
        defer { withExtendedLifetime(lock) {} }
        let writer = try VaultWriter(vault: vault, environment: environment)
        let repo = writer.repository
        var report = SyncReport(remote: remote, url: "", branch: "")
        do {
            guard let branch = try repo.currentBranch() else {
                throw CarouselError.git("HEAD is detached (not on a branch); run `git switch main` and sync again")
            }
            guard let url = try repo.remoteURL(remote) else {
                throw CarouselError.usage("there is no remote called \"\(remote)\"; add one with `git remote add \(remote) URL`")
            }
            report.branch = branch
            report.url = redactedURL(url)
        } catch let error as CarouselError {
            throw error
        } catch {
            throw .git("cannot read the vault's git state: \(error.localizedDescription)")
        }
        if repo.hasOperationInProgress {
            // A `git pull` without the driver stopped with conflicts: finish it the Carousel way.
            let finished = try Resolve.run(writer: writer)
            report.finishedGitMerge = finished.commit
            report.notes += finished.notes
        }
        let pending = try writer.commitPendingEdits()
        report.savedEdits = pending.message
        report.heldBack = pending.skipped

        var round = SyncRound(repo: repo, writer: writer, report: report, environment: environment)
        for _ in 1...maxAttempts {
            if try round.attempt() { return round.report }
        }
        throw .git("\(remote) kept changing while syncing (\(maxAttempts) tries); your commits are safe here, sync again in a moment")
    }
}

/// One fetch–merge–push round, kept apart so the retry loop stays readable.
struct SyncRound {
    let repo: Repository
    let writer: VaultWriter
    var report: SyncReport
    let environment: [String: String]

    /// True when finished; false when the push was refused because the remote moved.
    mutating func attempt() throws(CarouselError) -> Bool {
        report.attempts += 1
        let remote = report.remote
        do {
            try repo.fetch(remote: remote, environment: environment)
        } catch {
            throw .git("cannot reach \(remote) (\(report.url)): \(Self.reason(error)). Your changes are safe in local commits; sync again when it is reachable.")
        }
        do {
            let remoteTip = try repo.referenceTarget("refs/remotes/\(remote)/\(report.branch)")
            guard var head = try repo.headID() else { throw CarouselError.git("this vault has no commits yet") }
            if let remoteTip, remoteTip != head, !(try repo.isDescendant(head, of: remoteTip)) {
                let incoming = try repo.commits(from: remoteTip, hiding: head)
                report.incoming += incoming.count
                let names = incoming.map { History.device(inMessage: $0.message) ?? $0.authorName }
                for name in names where !report.incomingAuthors.contains(name) {
                    report.incomingAuthors.append(name)
                }
                if try repo.isDescendant(remoteTip, of: head) {
                    try repo.fastForward(to: remoteTip)
                    report.fastForwarded = true
                } else {
                    try merge(head: head, theirs: remoteTip, authors: names)
                }
                head = try repo.headID() ?? head
            }
            let outgoing = try repo.commits(from: head, hiding: remoteTip)
            if outgoing.isEmpty { return true }
            switch try repo.push(remote: remote, branch: report.branch, environment: environment) {
            case .pushed:
                report.outgoing = outgoing.count
                report.pushed = true
                try setUpstreamIfMissing()
                return true
            case .remoteMoved:
                return false
            case let .refused(reason):
                // A push to a remote on this machine that was killed mid-write leaves git's ref lock
                // behind; once it is clearly stale, take it away and push again.
                if StaleRemoteLock.clear(reason: reason, remoteURL: report.url) { return false }
                throw CarouselError.git("\(remote) refused the push: \(reason). Your commits are safe here.")
            }
        } catch let error as CarouselError {
            throw error
        } catch {
            throw .git("sync stopped: \(Self.reason(error)). Your commits are safe here; run `carousel sync` again.")
        }
    }

    private mutating func merge(head: ObjectID, theirs: ObjectID, authors: [String]) throws {
        let base = try repo.mergeBase(head, theirs)
        let baseFiles = try base.map { try repo.files(at: $0) } ?? [:]
        let ourFiles = try repo.files(at: head), theirFiles = try repo.files(at: theirs)
        let paths = Set(ourFiles.keys).union(theirFiles.keys).filter { ourFiles[$0] != theirFiles[$0] }
        let ourInfo = try repo.commit(head), theirInfo = try repo.commit(theirs)
        let rule = ClashRule.commits(oursTime: ourInfo.time, oursID: head.hex, theirsTime: theirInfo.time, theirsID: theirs.hex)
        var label = authors.first ?? "the other device"
        var ourLabel = writer.device
        if ourLabel == label {  // one person, two devices: tell the versions apart by where they came from
            ourLabel += " (this device)"
            label += " (from \(report.remote))"
        }
        let outcome = try TreeMerge.merge(paths: Array(paths), base: Self.reader(repo, baseFiles),
                                          ours: Self.reader(repo, ourFiles), theirs: Self.reader(repo, theirFiles),
                                          rule: rule, labels: (ourLabel, label))
        for problem in report.heldBack where outcome.writes.contains(where: { $0.path == problem.path }) {
            throw CarouselError.git("\(report.remote) changed \(problem.path) too, but your edits to it do not parse, so sync stopped before merging:\n\(problem.description)")
        }
        report.notes += outcome.notes
        let message = writer.stamped("sync: merge \(authors.count) change\(authors.count == 1 ? "" : "s") from \(label)")
        for write in outcome.writes {
            let full = writer.vault.url(write.path)
            if let text = write.text { try FileSystem.writeAtomically(text, to: full) } else { try FileSystem.remove(full) }
        }
        let id = try repo.commit(paths: outcome.writes.map(\.path), message: message, signature: writer.signature, committer: writer.committer, mergeParent: theirs)
        report.mergeCommit = id?.hex
    }

    /// Reads one side's files by path from the object database.
    private static func reader(_ repo: Repository, _ files: [String: ObjectID]) -> TreeMerge.Side {
        return { path in
            guard let id = files[path] else { return nil }
            return try repo.blob(id)
        }
    }

    private mutating func setUpstreamIfMissing() throws {
        let key = "branch.\(report.branch).remote"
        guard repo.configString(key) == nil else { return }
        try repo.setLocalConfig(key, report.remote)
        try repo.setLocalConfig("branch.\(report.branch).merge", "refs/heads/\(report.branch)")
        report.setUpstream = true
    }

    static func reason(_ error: Error) -> String {
        if let git = error as? GitError { return redactedURL(git.message) }
        return redactedURL(error.localizedDescription)
    }
}
