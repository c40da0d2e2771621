import CarouselGit
import Foundation

/// `carousel undo`: reverts the last change (not a merge, not an undo, not already undone) as a
/// new commit. The revert is a three-way merge of that change's parent into the current files,
/// so later changes to other fields stay; a later change to the same field makes it refuse.
public enum Undo {
    public struct Outcome: Sendable {
        public let undone: HistoryEntry
        public let commit: String?
        public let paths: [String]
    }

    static let marker = "This reverts "

    /// What `run` would undo now, without changing anything: the commit and the files it touched.
    /// (Edits not committed yet are committed by `run` first, and would then be the last change.)
    public struct Preview: Sendable {
        public let entry: HistoryEntry
        public let paths: [String]
    }

    public static func preview(vault: Vault) throws(CarouselError) -> Preview {
        let repo = try History.open(vault)
        do {
            guard let head = try repo.headID() else { throw CarouselError.usage("nothing to undo yet") }
            let (target, parent) = try findTarget(repo, head: head)
            let changedFiles = try repo.files(at: target.id), parentFiles = try repo.files(at: parent)
            let paths = Set(changedFiles.keys).union(parentFiles.keys).filter { changedFiles[$0] != parentFiles[$0] }
            return Preview(entry: History.entry(target), paths: paths.sorted())
        } catch let error as CarouselError {
            throw error
        } catch {
            throw .git("cannot read the last change: \(error.localizedDescription)")
        }
    }

    /// The last change that can be undone, and its parent.
    private static func findTarget(_ repo: Repository, head: ObjectID) throws -> (CommitInfo, ObjectID) {
        var reverted: Set<String> = []
        for info in try firstParentChain(repo, from: head) {
            if info.summary.hasPrefix("undo: ") {
                if let range = info.message.range(of: marker) {
                    reverted.insert(String(info.message[range.upperBound...].prefix(40)))
                }
                continue
            }
            if info.parents.count != 1 || reverted.contains(info.id.hex) { continue }
            if let parent = info.parents.first { return (info, parent) }
        }
        throw CarouselError.usage("there is no change to undo (only the first commit and merges are left)")
    }

    /// Undoes the last change; with `expecting`, only if that is still the commit with this id
    /// (what the person was shown), else nothing changes.
    public static func run(_ ws: Workspace, expecting: String? = nil) throws(CarouselError) -> Outcome {
        let writer = try ws.writer()
        let repo = writer.repository
        do {
            guard let head = try repo.headID() else { throw CarouselError.usage("nothing to undo yet") }
            let (target, parent) = try findTarget(repo, head: head)
            if let expecting, expecting != target.id.hex {
                throw CarouselError.usage("the last change is now \"\(target.summary)\", not the one shown; look at what undo would do again. Nothing was changed.")
            }
            let changedFiles = try repo.files(at: target.id), parentFiles = try repo.files(at: parent)
            let currentFiles = try repo.files(at: head)
            let paths = Set(changedFiles.keys).union(parentFiles.keys).filter { changedFiles[$0] != parentFiles[$0] }
            let outcome = try TreeMerge.merge(paths: Array(paths), base: reader(repo, changedFiles), ours: reader(repo, currentFiles),
                                              theirs: reader(repo, parentFiles), rule: .ours, labels: ("now", "before"))
            if let clash = outcome.notes.first(where: { !$0.message.hasPrefix("merged changes") }) {
                let what = clash.path + ": " + (clash.message.components(separatedBy: ":").first ?? "")
                throw CarouselError.usage("cannot undo \"\(target.summary)\": a later change touched the same thing (\(what)). Nothing was changed.")
            }
            let id = try ws.commit(outcome.writes, message: "undo: \(target.summary)\n\n\(marker)\(target.id.hex).")
            return Outcome(undone: History.entry(target), commit: id, paths: outcome.writes.map(\.path))
        } catch let error as CarouselError {
            throw error
        } catch {
            throw .git("cannot undo: \(error.localizedDescription)")
        }
    }

    private static func firstParentChain(_ repo: Repository, from head: ObjectID) throws -> [CommitInfo] {
        var result: [CommitInfo] = []
        var next: ObjectID? = head
        while let id = next, result.count < History.depth {
            let info = try repo.commit(id)
            result.append(info)
            next = info.parents.first
        }
        return result
    }

    private static func reader(_ repo: Repository, _ files: [String: ObjectID]) -> TreeMerge.Side {
        return { path in
            guard let id = files[path] else { return nil }
            return try repo.blob(id)
        }
    }
}
