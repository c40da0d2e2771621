import CarouselGit
import Foundation

/// `carousel sync`: commit pending edits, fetch, fast-forward or merge, push; again if the
/// remote moved meanwhile, a bounded number of times.
public enum VaultSync {
    public static let maxAttempts = 4

    /// The vault lock is held only while sync changes the vault (saving edits, merging), never
    /// while it waits on the network, so views and other commands answer meanwhile; a second lock
    /// (`.carousel/sync.lock`) keeps two syncs of one vault from overlapping.
    public static func run(vault: Vault, remote: String, environment: [String: String],
                           transfer: TransferOptions = TransferOptions()) throws(CarouselError) -> SyncReport {
        let timeout = environment["CAROUSEL_LOCK_TIMEOUT"].flatMap(Double.init) ?? 10
        let syncLock = try VaultLock(vault: vault, timeout: timeout, name: "sync.lock")
        defer { withExtendedLifetime(syncLock) {} }
        var lock: VaultLock? = try VaultLock(vault: vault, timeout: timeout)
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
        // Fetch before anything that reads or changes the local state: when that fails (a vault
        // left half updated by a plain `git pull`), whatever a peer pushed to fix it is here
        // anyway. The vault lock is let go while the network is used.
        lock = nil
        var fetchFailure: Error?
        do {
            try repo.fetch(remote: remote, environment: environment, options: transfer)
        } catch {
            fetchFailure = error
        }
        lock = try VaultLock(vault: vault, timeout: timeout)
        if repo.hasOperationInProgress {
            // A `git pull` without the driver stopped with conflicts: finish it the Carousel way.
            let finished = try Resolve.run(writer: writer)
            report.finishedGitMerge = finished.commit
            report.notes += finished.notes
        }
        let pending = try writer.commitPendingEdits()
        report.savedEdits = pending.message
        report.heldBack = pending.skipped
        // Only now: the promise in the message is that the edits are committed.
        if let fetchFailure { throw SyncRound.unreachable(remote: remote, url: report.url, fetchFailure) }

        lock = nil
        _ = lock
        var round = SyncRound(repo: repo, writer: writer, report: report, environment: environment, transfer: transfer,
                              relock: { () throws(CarouselError) in try VaultLock(vault: vault, timeout: timeout) })
        round.fetched = true
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
    let transfer: TransferOptions
    /// Takes the vault lock again for a step that changes the vault.
    let relock: () throws(CarouselError) -> VaultLock
    /// Whether the remote was just fetched, so the next round need not fetch again.
    var fetched = false

    /// True when finished; false when the push was refused because the remote moved.
    mutating func attempt() throws(CarouselError) -> Bool {
        report.attempts += 1
        let remote = report.remote
        do {
            if !fetched { try repo.fetch(remote: remote, environment: environment, options: transfer) }
            fetched = false
        } catch {
            throw Self.unreachable(remote: remote, url: report.url, error)
        }
        try refuseBeforeLocking()
        let lock = try relock()
        defer { withExtendedLifetime(lock) {} }
        do {
            let remoteTip = try repo.referenceTarget("refs/remotes/\(remote)/\(report.branch)")
            guard var head = try repo.headID() else { throw CarouselError.git("this vault has no commits yet") }
            if let remoteTip, remoteTip != head { try IncomingHistory.refuseUnreadable(repository: repo, tip: remoteTip, head: head, remote: remote) }
            if let remoteTip, remoteTip != head, !(try repo.isDescendant(head, of: remoteTip)) {
                try IncomingTree.refuseUnsafe(repository: repo, tip: remoteTip, head: head, remote: remote)
                let before = head
                defer { report.incomingProblems = IncomingTree.problems(vault: writer.vault, repository: repo, before: before, tip: remoteTip) }
                let incoming = try repo.commits(from: remoteTip, hiding: head)
                report.incoming += incoming.count
                let names = incoming.map { History.device(inMessage: $0.message) ?? $0.authorName }
                for name in names where !report.incomingAuthors.contains(name) {
                    report.incomingAuthors.append(name)
                }
                if try repo.isDescendant(remoteTip, of: head) {
                    // git's checkout writes changed files anew (mode from the umask): keep the
                    // modes the person gave them.
                    let ours = try repo.files(at: head), theirs = try repo.files(at: remoteTip)
                    let modes = FileSystem.modes(of: Set(ours.keys).intersection(theirs.keys).filter { ours[$0] != theirs[$0] }
                        .map { writer.vault.url($0) })
                    // A fast-forward cut short is finished by the next command (see CrashRecovery).
                    try CrashRecovery.writeFastForward(remoteTip, vault: writer.vault)
                    do {
                        try repo.fastForward(to: remoteTip)
                    } catch {
                        // Refused before writing (a file with uncommitted changes): nothing to finish.
                        CrashRecovery.clearFastForward(writer.vault)
                        throw error
                    }
                    CrashRecovery.clearFastForward(writer.vault)
                    FileSystem.restore(modes: modes)
                    report.fastForwarded = true
                } else {
                    try merge(head: head, theirs: remoteTip, authors: names)
                }
                head = try repo.headID() ?? head
                report.notes += IncomingTree.layoutNotes(vault: writer.vault)
            }
            let outgoing = try repo.commits(from: head, hiding: remoteTip)
            if outgoing.isEmpty { return true }
            let pushed: PushOutcome
            do {
                pushed = try withoutLock(lock) { try repo.push(remote: remote, branch: report.branch, environment: environment, options: transfer) }
            } catch {
                throw Self.unreachable(remote: remote, url: report.url, error)
            }
            switch pushed {
                case .pushed:
                report.outgoing = outgoing.count
                report.pushed = true
                try setUpstreamIfMissing()
                report.setRemoteHead = RemoteHead.settle(repo: repo, remote: remote, branch: report.branch, vaultRoot: writer.vault.root)
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
        var paths = Set(ourFiles.keys).union(theirFiles.keys).filter { ourFiles[$0] != theirFiles[$0] }
        let links = try MergeLinks.linkPaths(paths, repo: repo, base: base, ours: head, theirs: theirs)
        paths.subtract(links)
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
        try CrashRecovery.writeMerge(head: head, writes: outcome.writes, vault: writer.vault)
        defer { CrashRecovery.clearMerge(writer.vault) }
        do {
            for write in outcome.writes { try writer.vault.apply(write) }
            let linked = try MergeLinks.apply(links, vault: writer.vault, repo: repo, theirs: theirs, base: baseFiles, ours: ourFiles, theirFiles: theirFiles)
            report.notes += linked.notes
            let id = try repo.commit(paths: outcome.writes.map(\.path) + linked.paths, message: message, signature: writer.signature, committer: writer.committer, mergeParent: theirs)
            report.mergeCommit = id?.hex
        } catch {
            // All or nothing: what the merge wrote goes back to HEAD's version (the pending edits
            // were committed first, so nothing of the person's is among these paths).
            try? repo.restoreFromHead(paths: outcome.writes.map(\.path) + Array(links))
            throw error
        }
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

    /// Runs `body` with the vault lock let go, so views answer while the network is slow.
    private func withoutLock<T>(_ lock: VaultLock, _ body: () throws -> T) throws -> T {
        lock.release()
        defer { lock.reacquire() }
        return try body()
    }

    /// A sentence for a fetch or push that did not happen; every one ends with the promise.
    static func unreachable(remote: String, url: String, _ error: Error) -> CarouselError {
        let safe = "nothing was lost, your changes are committed locally"
        guard let transfer = error as? TransferError else {
            return .git("cannot reach \(remote) (\(url)): \(reason(error)); \(safe); sync again when it is reachable.")
        }
        let detail = redactedURL(transfer.detail)
        switch transfer.kind {
        case let .overTotal(seconds):
            return .git("\(remote) was not done after \(Int(seconds)) s, the most one sync may take; \(safe). Sync again later, or allow longer with --timeout SECONDS.")
        case let .timedOut(seconds):
            return .git("\(remote) stopped answering after \(Int(seconds)) s; \(safe). Sync again later, or allow longer with --timeout SECONDS.")
        case .cancelled:
            return .git("sync stopped; \(safe).")
        case .authenticationFailed where !transfer.lockedKeys.isEmpty:
            let keys = transfer.lockedKeys.joined(separator: " ")
            return .git("\(remote) (\(url)): authentication failed: the ssh key \(keys) has a passphrase, and sync never asks for one; \(safe). Add it to your agent once (ssh-add \(keys)) and sync again.")
        case .authenticationFailed:
            return .git("\(remote) (\(url)): authentication failed, the server refused the key, user name or token (\(detail)); \(safe). Check what `git fetch \(remote)` uses: your ssh key or the credential helper's token.")
        case .noCredentials:
            return .git("\(remote) (\(url)): the server asked for credentials and none were available; \(safe). Set up a credential helper (git config --global credential.helper store, then git fetch once) or an ssh key, then sync again.")
        case .wrongPassphrase:
            return .git("the passphrase for the ssh key is wrong (\(detail)); \(safe). Add the key to your agent with ssh-add and sync again.")
        case let .hostKeyUnknown(host):
            let keyscan = TransferError.keyscanArguments(host)
            return .git("\(remote): the host key of \(host) is not known yet, so the server's identity cannot be checked; \(safe). If you trust it, check its fingerprint and add it: ssh-keyscan \(keyscan) >> ~/.ssh/known_hosts (or connect once with ssh and answer yes), then sync again.")
        case let .hostKeyChanged(host):
            return .git("\(remote): the ssh host key of \(host) has CHANGED since you last connected; this could be an attack, so sync refused. \(safe.prefix(1).uppercased() + safe.dropFirst()). If the server really got a new key, remove the old one with `ssh-keygen -R \(host)` and connect once with ssh.")
        case .certificateUntrusted:
            return .git("\(remote) (\(url)): the server's certificate is not trusted (\(detail)); \(safe). For a private CA, point git at it: git config --global http.sslCAInfo /path/to/ca.pem")
        case .connectionRefused:
            return .git("cannot reach \(remote) (\(url)): \(detail); \(safe); sync again when it is reachable.")
        case .repositoryNotFound:
            return .git("\(remote) (\(url)) has no such repository, or it is not yours to read (\(detail)); \(safe). Check the URL with git remote -v.")
        case .dubiousOwnership:
            return .git("git refuses this vault because another account owns it (\(detail)); nothing was run. If you trust it: git config --global --add safe.directory PATH")
        case .other:
            return .git("cannot reach \(remote) (\(url)): \(detail); \(safe); sync again when it is reachable.")
        }
    }

    static func reason(_ error: Error) -> String {
        if let git = error as? GitError { return redactedURL(git.message) }
        return redactedURL(error.localizedDescription)
    }
}
