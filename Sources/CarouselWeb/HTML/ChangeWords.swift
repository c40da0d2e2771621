import Foundation

/// A change's commit message ("done: Call Mum", "move: Call Mum to today") as a person says it,
/// for the page's Undo: no verbs of the command line, no commit ids, no file names.
enum ChangeWords {
    static let phrases: [(prefix: String, said: String)] = [
        ("pull into today: ", "put %@ in Today"),
        ("drop from today: ", "took %@ out of Today"),
        ("order today: ", "moved %@ in Today's order"),
        ("done: ", "finished %@"),
        ("undone: ", "opened %@ again"),
        ("add: ", "added %@"),
        ("set: ", "changed %@"),
        ("move: ", "moved %@"),
        ("skip: ", "skipped %@"),
        ("check: ", "logged %@"),
        ("uncheck: ", "took back the log of %@"),
        ("rm: ", "removed %@"),
        ("edit: ", "edited %@"),
        ("check-in: ", "saved the check-in %@"),
        ("welcome: ", "sorted the days away: %@"),
        ("habit add: ", "added the habit %@"),
        ("settings: ", "changed the setting %@"),
    ]

    /// "finished Call Mum"; a message of another shape as it is, without a leading verb.
    static func said(_ summary: String) -> String {
        for (prefix, said) in phrases where summary.hasPrefix(prefix) {
            return said.replacingOccurrences(of: "%@", with: String(summary.dropFirst(prefix.count)))
        }
        return summary
    }
}
