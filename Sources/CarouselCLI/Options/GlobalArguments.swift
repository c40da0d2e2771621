/// Lets the global options stand before the subcommand, as people type them
/// (`carousel --vault v add "Call Mum"`): argument-parser reads options only after the command
/// they belong to, so they are moved behind it (before a `--`, which ends the options).
enum GlobalArguments {
    /// Options every command takes, with whether they carry a value.
    static let options: [String: Bool] = ["--vault": true, "--today": true, "--color": true, "--json": false]

    /// What the words were rearranged into.
    struct Rearranged: Equatable {
        /// The leading global options, with their values.
        var globals: [String]
        /// The words from the first one that is not a global option.
        var rest: [String]

        /// The first word, when it is a bare word (a command name or something mistyped).
        var firstWord: String? {
            guard let first = rest.first, !first.hasPrefix("-") else { return nil }
            return first
        }

        /// `rest` with the globals moved behind the command's own words.
        var arguments: [String] {
            guard firstWord != nil else { return globals + rest }
            if let end = rest.firstIndex(of: "--") {
                return Array(rest[..<end]) + globals + Array(rest[end...])
            }
            return rest + globals
        }
    }

    /// The global options anywhere before a `--`, with their values.
    static func all(in words: [String]) -> [String] {
        var found: [String] = []
        var i = 0
        while i < words.count, words[i] != "--" {
            let word = words[i]
            if let takesValue = options[word] {
                found += takesValue ? Array(words[i..<min(i + 2, words.count)]) : [word]
                i += takesValue ? 2 : 1
                continue
            }
            if let eq = word.firstIndex(of: "="), options[String(word[..<eq])] == true { found.append(word) }
            i += 1
        }
        return found
    }

    /// Splits off the global options at the front of `words`.
    static func rearrange(_ words: [String]) -> Rearranged {
        var i = 0
        while i < words.count {
            let word = words[i]
            if let takesValue = options[word] {
                if takesValue {
                    guard i + 1 < words.count else { break }
                    i += 2
                } else {
                    i += 1
                }
            } else if let eq = word.firstIndex(of: "="), options[String(word[..<eq])] == true {
                i += 1
            } else {
                break
            }
        }
        return Rearranged(globals: Array(words[..<i]), rest: Array(words[i...]))
    }
}
