import CarouselGit
import Foundation

/// Which incoming commit brought a problem, found within a budget: a push of many commits
/// must not keep a sync checking for minutes.
extension IncomingTree {
    /// At most this many incoming commits, and this many seconds, are judged to name the one
    /// that brought a problem; the work is linear in the commits judged.
    public static let culpritBudget = (commits: 1000, seconds: 5.0)

    /// Walks back from `tip` (newest first, children before parents) while each older incoming
    /// commit still has `finding`; the last one that has it brought it. `complete` is false when
    /// the budget ran out first (the commit named then is the oldest judged that has it).
    static func findCulprit(of finding: Finding, repository repo: Repository, tip: ObjectID, head: ObjectID?,
                        judge: (ObjectID) throws -> [Finding]) throws -> (commit: CommitInfo, complete: Bool) {
        let ids = try repo.commitIDs(from: tip, hiding: head, limit: culpritBudget.commits + 1)
        let started = ProcessInfo.processInfo.systemUptime
        var found = tip, complete = true
        for (n, id) in ids.enumerated() where id != tip {
            if n >= culpritBudget.commits || ProcessInfo.processInfo.systemUptime - started > culpritBudget.seconds {
                complete = false
                break
            }
            guard try judge(id).contains(where: { $0.path == finding.path && $0.kind == finding.kind }) else { break }
            found = id
        }
        return (try repo.commit(found), complete)
    }
}
