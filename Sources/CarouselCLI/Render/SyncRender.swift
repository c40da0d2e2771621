import CarouselCore

/// Words and JSON for `carousel sync`.
enum SyncRender {
    static func text(_ r: SyncReport) -> [String] {
        let t = Terminal.current
        var lines: [String] = []
        if r.finishedGitMerge != nil { lines.append("Finished the git merge that was waiting, field by field.") }
        if let saved = r.savedEdits { lines.append("Saved your own edits first (\(saved)).") }
        if r.incoming == 0 && r.outgoing == 0 {
            lines.append(t.green("✓") + " Already in step with \(r.remote). Nothing to send or fetch.")
            return lines
        }
        let from = r.incomingAuthors.isEmpty ? "" : " from " + r.incomingAuthors.joined(separator: ", ")
        let down = "↓ \(r.incoming) change\(r.incoming == 1 ? "" : "s")\(from)"
        let up = "↑ \(r.outgoing) change\(r.outgoing == 1 ? "" : "s")"
        lines.append(t.green("✓") + " Synced with \(r.remote): \(down) · \(up)")
        if r.setUpstream { lines.append("  \(r.remote)/\(r.branch) is now this vault's upstream.") }
        if r.setRemoteHead { lines.append("  \(r.remote)'s HEAD now names \(r.branch), so a plain `git clone` of it checks the vault out.") }
        if r.mergeCommit != nil { lines.append("  Both sides had changes, so they were merged field by field.") }
        for note in r.notes { lines.append("  " + note.path + ": " + note.message) }
        if r.notes.contains(where: { $0.message.contains("saved in conflicts") }) {
            lines.append("  Nothing was lost: see the other values with `carousel conflicts`.")
        }
        return lines
    }

    struct Output: Encodable {
        let remote, url, branch: String
        let incoming: Int
        let incomingAuthors: [String]
        let outgoing: Int
        let fastForwarded: Bool
        @OrNull var mergeCommit: String?
        let pushed: Bool
        let setUpstream: Bool
        let setRemoteHead: Bool
        let attempts: Int
        @OrNull var finishedGitMerge: String?
        @OrNull var savedEdits: String?
        let heldBack: [String]
        let incomingProblems: [String]
        let notes: [Note]
        enum CodingKeys: String, CodingKey {
            case remote, url, branch, incoming, outgoing, pushed, attempts, notes
            case incomingAuthors = "incoming_authors", fastForwarded = "fast_forwarded", mergeCommit = "merge_commit"
            case setUpstream = "set_upstream", setRemoteHead = "set_remote_head", finishedGitMerge = "finished_git_merge", savedEdits = "saved_edits"
            case heldBack = "held_back", incomingProblems = "incoming_problems"
        }
    }

    struct Note: Encodable {
        let path: String
        let message: String
    }

    static func json(_ r: SyncReport) -> Output {
        Output(remote: r.remote, url: r.url, branch: r.branch, incoming: r.incoming, incomingAuthors: r.incomingAuthors,
               outgoing: r.outgoing, fastForwarded: r.fastForwarded, mergeCommit: r.mergeCommit, pushed: r.pushed,
               setUpstream: r.setUpstream, setRemoteHead: r.setRemoteHead, attempts: r.attempts, finishedGitMerge: r.finishedGitMerge, savedEdits: r.savedEdits,
               heldBack: r.heldBack.map(\.path), incomingProblems: r.incomingProblems.map(\.headline), notes: r.notes.map { Note(path: $0.path, message: $0.message) })
    }
}
