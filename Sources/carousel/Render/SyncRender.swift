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
        if r.mergeCommit != nil { lines.append("  Both sides had changes, so they were merged field by field.") }
        for note in r.notes { lines.append("  " + note.path + ": " + note.message) }
        if r.notes.contains(where: { $0.message.contains("saved in conflicts") }) {
            lines.append("  Nothing was lost: see the other values with `carousel conflicts`.")
        }
        return lines
    }

    static func json(_ r: SyncReport) -> JSON {
        .object([
            ("remote", .string(r.remote)),
            ("url", .string(r.url)),
            ("branch", .string(r.branch)),
            ("incoming", .int(r.incoming)),
            ("incoming_authors", .array(r.incomingAuthors.map(JSON.string))),
            ("outgoing", .int(r.outgoing)),
            ("fast_forwarded", .bool(r.fastForwarded)),
            ("merge_commit", JSON.str(r.mergeCommit)),
            ("pushed", .bool(r.pushed)),
            ("set_upstream", .bool(r.setUpstream)),
            ("attempts", .int(r.attempts)),
            ("finished_git_merge", JSON.str(r.finishedGitMerge)),
            ("saved_edits", JSON.str(r.savedEdits)),
            ("held_back", .array(r.heldBack.map { .string($0.path) })),
            ("notes", .array(r.notes.map { .object([("path", .string($0.path)), ("message", .string($0.message))]) })),
        ])
    }
}
