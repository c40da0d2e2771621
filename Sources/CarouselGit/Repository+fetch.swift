import Foundation

extension Repository {
    /// Fetches a remote's branches into `refs/remotes/<remote>/…` with the `git` executable, so
    /// ssh config, agents, credential helpers, CA files and proxies work as for `git fetch`.
    ///
    /// Throws `TransferError` saying why when the remote cannot be reached.
    /// What git wrote is flushed before this returns (see `FileSync.gitDirectory`): a merge or
    /// fast-forward that follows never names objects a power cut could take back.
    public func fetch(remote name: String, environment: [String: String], options: TransferOptions = TransferOptions()) throws {
        let start = Date()
        let run = try runTransfer(["fetch", "--progress", "--no-recurse-submodules", "--no-write-fetch-head", "--", name],
                                  remote: name, environment: environment, options: options)
        guard run.status == 0 else {
            throw TransferError.classify(stderr: run.stderr, url: (try? remoteURL(name)) ?? nil, environment: environment)
        }
        try FileSync.gitDirectory(gitDirectory, changedSince: start)
    }
}
