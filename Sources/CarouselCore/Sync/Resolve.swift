import CarouselGit
import Foundation

/// Finishes a `git merge` that stopped with conflicts (a clone without the merge driver): each
/// conflicted file is merged with Carousel's merge from its index stages, and the merge is
/// committed with both parents.
public enum Resolve {
    public struct Outcome: Sendable {
        public var paths: [String] = []
        public var notes: [MergeNote] = []
        public var commit: String?
    }

    /// Must run with the vault locked.
    static func run(writer: VaultWriter) throws(CarouselError) -> Outcome {
        let repo = writer.repository
        var outcome = Outcome()
        do {
            let conflicts = try repo.conflictedFiles()
            guard let mergeHead = try repo.mergeHead() else {
                throw CarouselError.git("a git operation other than a merge is half done (a rebase, cherry-pick or revert); finish or abort it and try again")
            }
            var writes: [FileWrite] = []
            for file in conflicts {
                func bytes(_ id: ObjectID?) throws -> [UInt8]? { try id.map { try repo.blob($0) } }
                let oursBytes = try bytes(file.ours), theirsBytes = try bytes(file.theirs)
                guard let oursBytes, let theirsBytes else {
                    // Changed on one side, removed on the other: the change wins.
                    writes.append(FileWrite(path: file.path, contents: oursBytes ?? theirsBytes))
                    outcome.notes.append(MergeNote(path: file.path, message: "edited on one side and removed on the other; the edit wins"))
                    continue
                }
                if BinaryMerge.isBinary(path: file.path, ours: oursBytes, theirs: theirsBytes) {
                    let kept = BinaryMerge.keepBoth(path: file.path, ours: oursBytes, theirs: theirsBytes, rule: .byValue)
                    writes += kept.writes.contains { $0.path == file.path } ? kept.writes : kept.writes + [FileWrite(path: file.path, bytes: oursBytes)]
                    outcome.notes.append(kept.note)
                    continue
                }
                func text(_ id: ObjectID?) throws -> String? { try id.map { String(decoding: try repo.blob($0), as: UTF8.self) } }
                let base = try text(file.base), ours = String(decoding: oursBytes, as: UTF8.self), theirs = String(decoding: theirsBytes, as: UTF8.self)
                let merged = FileMerge.merge(path: file.path, base: base, ours: ours, theirs: theirs, rule: .byValue)
                writes.append(FileWrite(path: file.path, text: merged.text))
                writes += merged.extraFiles
                outcome.notes += merged.notes
            }
            for write in writes { try writer.vault.apply(write) }
            let message = writer.stamped("sync: finish the merge of \(String(mergeHead.hex.prefix(7))) field by field")
            outcome.commit = try repo.commit(paths: writes.map(\.path), message: message, signature: writer.signature, committer: writer.committer,
                                             mergeParent: mergeHead)?.hex
            try repo.cleanupOperationState()
            outcome.paths = writes.map(\.path)
            return outcome
        } catch let error as CarouselError {
            throw error
        } catch {
            throw .git("cannot finish the merge: \(error.localizedDescription)")
        }
    }

    /// `carousel resolve`: locks the vault and finishes a stopped merge.
    public static func run(vault: Vault, environment: [String: String]) throws(CarouselError) -> Outcome {
        let lock = try VaultLock(vault: vault, timeout: environment["CAROUSEL_LOCK_TIMEOUT"].flatMap(Double.init) ?? 10)
        defer { withExtendedLifetime(lock) {} }
        let writer = try VaultWriter(vault: vault, environment: environment)
        guard writer.repository.hasOperationInProgress else { throw .usage("no merge is waiting to be finished; nothing to resolve") }
        return try run(writer: writer)
    }
}
