import CarouselCore

/// Words and JSON for `carousel log`.
enum HistoryRender {
    /// `2026-11-22 14:05` in UTC, from seconds since the epoch.
    static func when(_ time: Int64) -> String {
        let day = Day(dayNumber: Int((time - (time % 86_400 + 86_400) % 86_400) / 86_400))
        let seconds = Int((time % 86_400 + 86_400) % 86_400)
        return day.iso + " " + pad(seconds / 3600) + ":" + pad(seconds / 60 % 60)
    }

    private static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    static func text(_ entries: [HistoryEntry], title: String?) -> [String] {
        let t = Terminal.current
        guard !entries.isEmpty else { return [title.map { "No history for \($0) yet." } ?? "No history yet."] }
        var lines: [String] = title.map { [t.bold($0) + " — its history, newest first", ""] } ?? []
        for e in entries {
            let on = e.device.map { $0 == e.author ? "" : " on \($0)" } ?? ""
            lines.append(t.dim(when(e.time)) + "  " + e.summary + t.dim("  by \(e.author)\(on)"))
            for f in e.fields {
                lines.append("    " + describe(f))
            }
        }
        return lines
    }

    static func describe(_ f: FieldChange) -> String {
        switch (f.from, f.to) {
        case (nil, nil): return "\(f.field) changed"
        case let (nil, to?): return f.field == "file" ? "card created" : "\(f.field) set to \(to)"
        case let (from?, nil): return f.field == "file" ? "card removed" : "\(f.field) \(from) removed"
        case let (from?, to?): return f.field == "file" ? "moved from \(from) to \(to)" : "\(f.field) \(from) → \(to)"
        }
    }

    struct Output: Encodable { let changes: [Change] }

    struct Change: Encodable {
        let commit: String
        let summary: String
        let author: String
        @OrNull var device: String?
        let time: Int
        let date: String
        let merge: Bool
        let fields: [Field]
    }

    struct Field: Encodable {
        let field: String
        @OrNull var from: String?
        @OrNull var to: String?
    }

    static func json(_ entries: [HistoryEntry]) -> Output { Output(changes: entries.map(json)) }

    static func json(_ e: HistoryEntry) -> Change {
        Change(commit: e.commit, summary: e.summary, author: e.author, device: e.device, time: Int(e.time), date: when(e.time),
               merge: e.isMerge, fields: e.fields.map { Field(field: $0.field, from: $0.from, to: $0.to) })
    }
}
