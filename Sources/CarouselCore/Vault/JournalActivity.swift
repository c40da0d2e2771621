import Yams

/// Reflections and focus sessions recorded in the journal day files, for XP.
///
/// Keys read from `journal/YYYY/YYYY-MM-DD.md` front-matter:
/// - `reflection:` a text (one reflection when not empty), or `reflections:` a list of texts;
/// - `focus:` a list of sessions, each a number of minutes (`25`) or a mapping with `minutes:`.
public struct JournalActivity: Sendable, Equatable {
    public var reflections = 0
    /// Minutes of each focus session, in file order.
    public var focusMinutes: [Int] = []

    public init(reflections: Int = 0, focusMinutes: [Int] = []) {
        self.reflections = reflections
        self.focusMinutes = focusMinutes
    }

    /// Every journal day that records a reflection or a focus session. Files that do not parse
    /// are left out (the views that own the journal report them).
    public static func load(vault: Vault) -> [Day: JournalActivity] {
        var result: [Day: JournalActivity] = [:]
        for path in FileSystem.markdownFiles(root: vault.root, dir: Vault.journalDir) {
            guard let day = Day(iso: Vault.slug(ofPath: path)), let text = try? vault.readText(path),
                  text.contains("reflection") || text.contains("focus"),
                  let document = try? FrontMatterDocument(text: text),
                  let fields = try? FrontMatterFields(document: document) else { continue }
            let activity = read(fields)
            if activity.reflections > 0 || !activity.focusMinutes.isEmpty { result[day] = activity }
        }
        return result
    }

    static func read(_ fields: FrontMatterFields) -> JournalActivity {
        var activity = JournalActivity()
        // `reflection` is the check-in note; `reflection_morning` and `reflection_night` come from
        // `carousel reflect`. Each counts once.
        for key in ["reflection", "reflection_morning", "reflection_night"] {
            if let text = fields[key]?.value.text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                activity.reflections += 1
            }
        }
        if let list = fields["reflections"]?.value.sequence {
            activity.reflections += list.filter { !($0.text ?? "x").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }.count
        }
        for item in fields["focus"]?.value.sequence ?? [] {
            if let minutes = item.text.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
                activity.focusMinutes.append(minutes)
            } else if let minutes = item.mapping?["minutes"]?.text.flatMap({ Int($0) }) {
                activity.focusMinutes.append(minutes)
            }
        }
        return activity
    }
}
