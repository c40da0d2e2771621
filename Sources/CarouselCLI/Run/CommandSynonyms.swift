/// The words people bring from other tools for Carousel's commands (`remove`, `delete`,
/// `complete`, `ls`, `next`), and Taskwarrior's order, the card before the command
/// (`carousel 3 done`): an unknown first word is answered with the command that does it.
enum CommandSynonyms {
    /// Another tool's word → Carousel's command.
    static let table: [String: String] = [
        "remove": "rm", "delete": "rm", "del": "rm",
        "complete": "done", "finish": "done",
        "ls": "list", "find": "search", "next": "pick", "new": "add", "create": "add", "modify": "set",
        "reopen": "undone", "info": "show", "agenda": "calendar",
    ]

    /// " Carousel calls it 'rm': `carousel rm 3`." for a known other word, else nil.
    static func hint(_ first: String, rest: [String]) -> String? {
        guard let command = table[first.lowercased()] else { return nil }
        let example = (["carousel", command] + rest.prefix { !$0.hasPrefix("-") }.prefix(3)).joined(separator: " ")
        return " Carousel calls it '\(command)': `\(example)`."
    }

    /// Taskwarrior's `task 3 done`: a card first, then a command word. The hint puts the command
    /// first (`carousel done 3`), or nil when the second word is no command.
    static func cardFirst(_ first: String, rest: [String], isCommand: (String) -> Bool) -> String? {
        guard let second = rest.first, isCommand(second), !first.hasPrefix("-") else { return nil }
        let example = (["carousel", second, first] + rest.dropFirst().prefix { !$0.hasPrefix("-") }.prefix(3)).joined(separator: " ")
        return "the command comes first in Carousel, then the card: `\(example)`"
    }
}
