import ArgumentParser

/// A command's words read without argument-parser: the everyday views run this way, because
/// argument-parser's reflection costs more than reading the kept answer they show
/// (docs/performance.md, "Start-up"). Only the plain forms are taken, each once: `--name value`,
/// `--name=value`, a flag, and bare words. Anything else (a short name, `--help`, an unknown or
/// repeated option, a value that starts with `-`, a `--`) makes `init` fail, and the words go
/// to argument-parser, which reads every form and words every mistake.
struct QuickWords {
    /// The long options a command takes with a value and as flags, and how many bare words.
    struct Spec {
        var options: Set<String> = []
        var flags: Set<String> = []
        var bare = 0

        /// The options and flags every command takes (`GlobalOptions`, as `GlobalArguments`
        /// names them).
        static let global: Spec = {
            var spec = Spec()
            for (name, takesValue) in GlobalArguments.options {
                if takesValue { spec.options.insert(name) } else { spec.flags.insert(name) }
            }
            return spec
        }()

        func adding(_ other: Spec) -> Spec {
            Spec(options: options.union(other.options), flags: flags.union(other.flags), bare: min(bare, .max - other.bare) + other.bare)
        }
    }

    /// A value argument-parser would refuse: the words are left to it, to say so.
    struct Unread: Error {}

    private var values: [String: String] = [:]
    private var flags: Set<String> = []
    /// The words that are not options, in order.
    private(set) var bare: [String] = []

    init?(_ words: [String], _ spec: Spec) {
        var i = 0
        while i < words.count {
            let word = words[i]
            i += 1
            guard word.hasPrefix("-") else {
                guard bare.count < spec.bare else { return nil }
                bare.append(word)
                continue
            }
            guard word.hasPrefix("--"), word != "--" else { return nil }
            if let eq = word.firstIndex(of: "=") {
                let name = String(word[..<eq])
                guard spec.options.contains(name), values[name] == nil else { return nil }
                values[name] = String(word[word.index(after: eq)...])
            } else if spec.flags.contains(word) {
                guard flags.insert(word).inserted else { return nil }
            } else if spec.options.contains(word) {
                guard values[word] == nil, i < words.count, !words[i].hasPrefix("-") else { return nil }
                values[word] = words[i]
                i += 1
            } else {
                return nil
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The text given with `name`, if any.
    func text(_ name: String) -> String? { values[name] }

    /// The value given with `name` read as argument-parser reads it, if any.
    func value<T: ExpressibleByArgument>(_ name: String, _: T.Type = T.self) throws(Unread) -> T? {
        guard let text = values[name] else { return nil }
        guard let value = T(argument: text) else { throw Unread() }
        return value
    }

    /// The one of `flags` that was given, if any; two of them are left to argument-parser.
    func oneOf(_ flags: [String]) throws(Unread) -> String? {
        let given = flags.filter(has)
        guard given.count <= 1 else { throw Unread() }
        return given.first
    }
}

/// A command that can be built from `QuickWords`. Its `init(quick:)` sets every property (one
/// left unset would stop the run when read), and runs the `validate()` of each option group
/// it holds; the command's own is run after. It sets them on a copy (`var c = Self()`): in an
/// initializer, `self.x = …` would make a new, unread option rather than give it a value.
/// `QuickCommandTests` checks each against argument-parser's reading of the same words.
protocol QuickCommand: ParsableCommand {
    static var quickSpec: QuickWords.Spec { get }
    init(quick words: QuickWords) throws
}

enum QuickParse {
    /// The commands read without argument-parser, by the word that names them.
    static let commands: [String: any QuickCommand.Type] = [
        "home": Home.self, "today": TodayCommand.self, "board": Board.self, "calendar": CalendarCommand.self,
        "countdown": Countdown.self, "timeline": Timeline.self, "suggest": Suggest.self, "list": List.self,
        "show": Show.self, "habits": Habits.self, "streaks": Habits.self,
    ]

    /// The command the words name, built and validated; nil leaves the words to argument-parser.
    static func command(_ words: [String]) -> ParsableCommand? {
        guard let (type, quick) = reading(words), var command = try? type.init(quick: quick),
              (try? command.validate()) != nil else { return nil }
        return command
    }

    /// The quick command the words name, and its words read; nil when they name none, or are
    /// not plain.
    static func reading(_ words: [String]) -> (any QuickCommand.Type, QuickWords)? {
        let split = GlobalArguments.rearrange(words)
        let type: any QuickCommand.Type
        var rest = split.globals + split.rest
        if let first = split.firstWord {
            guard let named = commands[first] else { return nil }
            type = named
            rest = split.globals + split.rest.dropFirst()
        } else {
            type = Home.self
        }
        return QuickWords(rest, QuickWords.Spec.global.adding(type.quickSpec)).map { (type, $0) }
    }
}

extension GlobalOptions {
    init(quick words: QuickWords) throws {
        var c = Self()
        c.vault = words.text("--vault")
        c.today = words.text("--today")
        c.json = words.has("--json")
        c.color = try words.value("--color") ?? .auto
        try c.validate()
        self = c
    }
}

extension ClockOption {
    static let quickSpec = QuickWords.Spec(options: ["--now"])

    init(quick words: QuickWords) throws {
        var c = Self()
        c.now = words.text("--now")
        try c.validate()
        self = c
    }
}
