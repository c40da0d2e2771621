import Foundation

/// How a push ended, when the transport itself worked.
public enum PushOutcome: Sendable, Equatable {
    case pushed
    /// The remote has commits this one lacks ("fetch first" / non-fast-forward).
    case remoteMoved
    /// The server refused the update for another reason (a hook, protection), with its words:
    /// the report-status reason and the `remote:` lines.
    case refused(String)
}

extension Repository {
    /// Pushes `refs/heads/<branch>` to the same branch on the remote with the `git` executable.
    ///
    /// `--porcelain` gives one status line per reference on stdout; the server's own words come
    /// on stderr as `remote:` lines.
    public func push(remote name: String, branch: String, environment: [String: String],
                     options: TransferOptions = TransferOptions()) throws -> PushOutcome {
        let refspec = "refs/heads/\(branch):refs/heads/\(branch)"
        let start = Date()
        let run = try runTransfer(["push", "--porcelain", "--progress", "--no-recurse-submodules", "--", name, refspec],
                                  remote: name, environment: environment, options: options)
        let statusLine = run.stdout.split(separator: "\n").first { $0.hasPrefix("!") && $0.contains(refspec) }
        guard let statusLine else {
            if run.status == 0 {
                // A remote on this machine (a folder, a USB disk) gets what the push wrote flushed,
                // which its git did not do; then the remote-tracking ref here.
                if let remoteDir = try localGitDirectory(remote: name) { try FileSync.gitDirectory(remoteDir, changedSince: start) }
                try FileSync.gitDirectory(gitDirectory, changedSince: start)
                return .pushed
            }
            throw TransferError.classify(stderr: run.stderr, url: (try? remoteURL(name)) ?? nil, environment: environment)
        }
        let status = statusLine.split(separator: "\t").dropFirst(2).joined(separator: " ")
        let lowered = status.lowercased()
        if ["fetch first", "non-fast-forward", "stale info"].contains(where: lowered.contains) { return .remoteMoved }
        let remoteLines = run.stderr.split(separator: "\n").filter { $0.hasPrefix("remote: ") || $0.contains("Unable to create '") }
            .map { ($0.hasPrefix("remote: ") ? $0.dropFirst("remote: ".count) : $0).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !Self.isProgress($0) }
        // Another push landed between our fetch and the update: the ref lock was taken.
        if !remoteLines.contains(where: { $0.contains("Unable to create '") }), ["failed to update ref", "cannot lock ref"].contains(where: lowered.contains) { return .remoteMoved }
        var reason = "refs/heads/\(branch): \(status)"
        if !remoteLines.isEmpty { reason += " — the server says: " + remoteLines.joined(separator: " / ") }
        return .refused(reason)
    }

    private static func isProgress(_ line: String) -> Bool {
        ["Enumerating objects", "Counting objects", "Compressing objects", "Total ", "Resolving deltas", "Writing objects"]
            .contains { line.hasPrefix($0) }
    }

    /// The git directory of a remote that is a folder on this machine (a path or `file://` URL),
    /// nil for a network remote.
    private func localGitDirectory(remote name: String) throws -> String? {
        guard var url = try remoteURL(name) else { return nil }
        if url.hasPrefix("file://") { url = String(url.dropFirst("file://".count)) }
        guard url.hasPrefix("/") || url.hasPrefix(".") || !url.contains(":") else { return nil }
        let path = url.hasPrefix("/") ? url : (workdir as NSString).appendingPathComponent(url)
        for candidate in [path, path + "/.git", path + ".git"] where FileManager.default.fileExists(atPath: candidate + "/objects") {
            return candidate
        }
        return nil
    }
}
