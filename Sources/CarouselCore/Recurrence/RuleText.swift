/// Error text for a rule typed on the command line: the message, then the rule with a caret
/// under the offending word.
public enum RuleText {
    public static func explain(_ error: RecurrenceError, in text: String) -> String {
        let pad = String(repeating: " ", count: max(0, error.column - 1))
        let width = max(1, error.offendingWord.count)
        return "\(error.message)\n    \(text)\n    \(pad)\(String(repeating: "^", count: width))"
    }
}
