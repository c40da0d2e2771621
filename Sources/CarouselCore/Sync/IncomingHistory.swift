import CarouselGit
import Foundation

/// The incoming commits themselves, judged before their trees: git accepts and clones a commit
/// without an author line or with a broken date, but libgit2's commit parser refuses it
/// ("failed to parse signature"), so once taken every later sync, `log` and merge failed with
/// no word of which commit. Sync names it and stops before anything changes.
public enum IncomingHistory {
    /// The most incoming commits searched for the one that cannot be read.
    static let searchLimit = 100_000

    /// Refuses the commits from `tip` (not in `head`'s history) when one of them cannot be read,
    /// naming it and whoever wrote it. Reading them all succeeds in the usual case, and only
    /// then is this as cheap as that.
    /// `head` is nil for a clone, which has no history of its own yet.
    public static func refuseUnreadable(repository repo: Repository, tip: ObjectID, head: ObjectID?, remote: String) throws(CarouselError) {
        do {
            _ = try repo.commits(from: tip, hiding: head)
            return
        } catch {}
        let known = Set(head.map { head in ((try? repo.commits(from: head, hiding: nil)) ?? []).map(\.id) + [head] } ?? [])
        guard let bad = (try? repo.unreadableCommits(from: tip, known: known, limit: searchLimit))?.last else { return }
        let stopped = head == nil ? "The clone stopped before checking anything out." : "Sync stopped before merging; nothing here changed and your commits are safe."
        throw .boundary("\(remote) has \(description(of: bad)). \(stopped) \(fix)")
    }

    /// "commit 1a2b3c4 ("Tidy") by … <…>, committed by Mallory <…>, whose author line is missing, which Carousel cannot read".
    public static func description(of commit: RawCommit) -> String {
        let summary = IncomingTree.shown(commit.summary)
        var words = "commit \(String(commit.id.hex.prefix(7))) (\"\(summary)\")"
        if let author = commit.author { words += " by \(person(author))" }
        if let committer = commit.committer { words += ", committed by \(person(committer))" }
        let what = commit.author == nil ? "whose author line is missing"
            : commit.committer == nil ? "whose committer line is missing"
            : "whose author or committer line (name, email or date) is not one git's library reads"
        return words + ", \(what), which Carousel cannot read"
    }

    /// What the person who pushed it can do.
    public static let fix = "Ask whoever pushed it to write that commit again with an author, a committer and a date (for example `git rebase --exec 'git commit --amend --no-edit --reset-author'` from the commit before it) and push with `git push --force-with-lease`; then sync again"

    /// The name and email of a signature line, without its date: "Mallory <m@example.org>".
    static func person(_ line: String) -> String {
        let text = line.firstIndex(of: ">").map { String(line[...$0]) } ?? line
        return IncomingTree.shown(text.trimmingCharacters(in: .whitespaces).isEmpty ? "(no name)" : text)
    }
}
