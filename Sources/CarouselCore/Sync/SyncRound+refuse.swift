import CarouselGit

extension SyncRound {
    /// Judges the fetched tip before the vault lock is taken: naming the commit that brought a
    /// problem may read many incoming commits, and meanwhile `add`, `list` and the rest must
    /// answer. Judged again under the lock (the same tree, cheap when it passes), in case HEAD
    /// moved in between.
    func refuseBeforeLocking() throws(CarouselError) {
        let remote = report.remote
        guard let tip = try? repo.referenceTarget("refs/remotes/\(remote)/\(report.branch)"),
              let head = try? repo.headID(), tip != head,
              (try? repo.isDescendant(head, of: tip)) == false else { return }
        // A commit libgit2 cannot read is named first: the tree's judge would only fail to look it up.
        try IncomingHistory.refuseUnreadable(repository: repo, tip: tip, head: head, remote: remote)
        try IncomingTree.refuseUnsafe(repository: repo, tip: tip, head: head, remote: remote)
    }
}
