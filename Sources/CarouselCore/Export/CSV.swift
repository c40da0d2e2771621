/// RFC 4180 CSV: a header row, CRLF line ends, fields quoted when they hold a comma, quote or line break.
public enum CSV {
    public static func render(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    static func field(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The columns of the cards export, in order (docs/ecosystem.md).
    public static let cardColumns = ["id", "slug", "title", "kind", "category", "tags", "importance", "spoons", "due",
                                     "repeat", "done", "completed", "skipped", "created", "parent", "emoji", "path"]

    /// One row per card; lists are joined with `;`.
    public static func cardRow(_ c: Card) -> [String] {
        [c.id ?? "", c.slug, c.title, c.kind.rawValue, c.category ?? "", c.tags.joined(separator: ";"), String(c.importance),
         String(c.spoons), c.due?.description ?? "", c.repeatRule ?? "", c.done?.description ?? "",
         c.completed.map(\.iso).joined(separator: ";"), c.skipped.map(\.iso).joined(separator: ";"),
         c.created?.description ?? "", c.parent ?? "", c.emoji ?? "", c.path]
    }
}

import Foundation
