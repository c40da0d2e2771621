import Foundation
import CarouselCore

/// Words and JSON for `carousel log`.
enum HistoryRender {
    /// `2026-11-22 14:05` on this machine's clock (its zone, `TZ`), from seconds since the epoch.
    static func when(_ time: Int64) -> String {
        let t = local(time)
        return t.day.iso + " " + pad(t.seconds / 3600) + ":" + pad(t.seconds / 60 % 60)
    }

    /// ISO 8601 with the local offset, for JSON: `2026-11-22T14:05:00+01:00`.
    static func iso(_ time: Int64) -> String {
        let t = local(time)
        return t.day.iso + "T" + pad(t.seconds / 3600) + ":" + pad(t.seconds / 60 % 60) + ":" + pad(t.seconds % 60)
            + (t.offset < 0 ? "-" : "+") + pad(abs(t.offset) / 3600) + ":" + pad(abs(t.offset) / 60 % 60)
    }

    /// The day and the seconds into it on this machine's clock, and its offset from UTC then.
    private static func local(_ time: Int64) -> (day: Day, seconds: Int, offset: Int) {
        let offset = offset(at: time)
        let local = time + Int64(offset)
        let seconds = Int((local % 86_400 + 86_400) % 86_400)
        return (Day(dayNumber: Int((local - Int64(seconds)) / 86_400)), seconds, offset)
    }

    /// Seconds east of UTC on this machine's clock at that instant (its zone's rules, DST included).
    private static func offset(at time: Int64) -> Int {
        TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(time)))
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
        Change(commit: e.commit, summary: e.summary, author: e.author, device: e.device, time: Int(e.time), date: iso(e.time),
               merge: e.isMerge, fields: e.fields.map { Field(field: $0.field, from: $0.from, to: $0.to) })
    }
}
