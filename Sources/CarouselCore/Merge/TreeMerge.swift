import Foundation

/// Merges two commits' files against their common ancestor, file by file.
public enum TreeMerge {
    /// A file's bytes; nil when absent on that side.
    public typealias Side = (String) throws -> [UInt8]?

    public struct Outcome: Sendable {
        /// The files to change relative to our side (nil text: delete).
        public var writes: [FileWrite] = []
        public var notes: [MergeNote] = []
        /// Files that were changed by them only, and so arrive as they are.
        public var incoming = 0
    }

    /// `paths` are those whose content differs between ours and theirs.
    public static func merge(paths: [String], base: Side, ours: Side, theirs: Side, rule: ClashRule,
                             labels: (ours: String, theirs: String)) throws -> Outcome {
        var outcome = Outcome()
        for path in paths.sorted() {
            let b = try base(path), o = try ours(path), t = try theirs(path)
            if o == t || b == t { continue }
            if b == o {
                // Taken as bytes: a binary file (an attachment) arrives exactly as it left.
                outcome.writes.append(FileWrite(path: path, contents: t))
                outcome.incoming += 1
                continue
            }
            guard let o, let t else {
                // Changed on one side, removed on the other: the change wins and the file stays.
                let kept = o ?? t
                if o == nil, let kept { outcome.writes.append(FileWrite(path: path, contents: kept)) }
                outcome.notes.append(MergeNote(path: path, message: "edited on one device and removed on the other; the edit wins, so it is kept"))
                continue
            }
            guard !BinaryMerge.isBinary(path: path, ours: o, theirs: t),
                  let oText = String(bytes: o, encoding: .utf8), let tText = String(bytes: t, encoding: .utf8) else {
                let r = BinaryMerge.keepBoth(path: path, ours: o, theirs: t, rule: rule)
                outcome.writes += r.writes
                outcome.notes.append(r.note)
                continue
            }
            if b == nil, let renamed = addedTwice(path: path, ours: oText, theirs: tText) {
                outcome.writes += renamed.writes
                outcome.notes.append(MergeNote(path: path, message: renamed.note))
                continue
            }
            let r = FileMerge.merge(path: path, base: b.flatMap { String(bytes: $0, encoding: .utf8) }, ours: oText, theirs: tText,
                                    rule: rule, oursLabel: labels.ours, theirsLabel: labels.theirs)
            if r.text != oText { outcome.writes.append(FileWrite(path: path, text: r.text)) }
            outcome.writes += r.extraFiles
            outcome.notes += r.notes
        }
        return outcome
    }

    /// Two different cards that chose the same file name: the one with the greater id moves to
    /// `<slug>-<id tail>.md`, so whichever device merges, the result is the same.
    private static func addedTwice(path: String, ours: String, theirs: String) -> (writes: [FileWrite], note: String)? {
        guard path.hasPrefix(Vault.cardsDir + "/") || path.hasPrefix(Vault.habitsDir + "/"),
              let o = try? CardParser.parse(text: ours, path: path).card.id,
              let t = try? CardParser.parse(text: theirs, path: path).card.id, o != t else { return nil }
        // An id is data from a peer, never part of a path: only its letters and digits are used.
        let winner = max(o, t)
        var tail = String(PathName.plainPart(winner).suffix(6))
        if tail.isEmpty { tail = String(String(StableHash.fnv1a(winner), radix: 36).prefix(6)) }
        let moved = VaultPath.deletingExtension(of: path) + "-" + tail + ".md"
        var writes = [FileWrite(path: moved, text: o < t ? theirs : ours)]
        if o > t { writes.append(FileWrite(path: path, text: theirs)) }
        return (writes, "two different cards were added with this name on two devices; one is now \(moved)")
    }
}
