import ArgumentParser
import CarouselCore
import Foundation

extension Carousel {
    /// Like ArgumentParser's `main()`, but a usage mistake exits with 2 (its default is 64),
    /// so the codes are 0 ok, 1 user error, 2 usage, 3 vault or git error. Global options may
    /// stand before the subcommand, and an unknown first word is a card to show or a typo.
    /// Returns the exit status instead of exiting; help and version go to standard output.
    static func status(running arguments: [String]) -> Int32 {
        // Answered before argument-parser builds every subcommand's description, which costs
        // more than the rest of this run (docs/performance.md, "Start-up").
        if arguments == ["--version"] {
            CommandLineRun.current.write(version + "\n")
            return 0
        }
        do {
            // The everyday views are read without argument-parser when their words are plain.
            if var command = QuickParse.command(arguments) {
                try command.run()
                return 0
            }
            let words = try commandWords(arguments)
            var command = try parsed(words)
            try command.run()
            return 0
        } catch let unknown as UnknownCommand {
            printError(Terminal.current.red("error:") + " " + unknown.message)
            return 2
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .validationFailure {
                CommandLineRun.current.writeError(message + "\n")
                return 2
            }
            if code == .success {
                // Help fits the run's width (COLUMNS, else the terminal's, else 80), its usage line too.
                let width = Terminal.current.width
                let help = fullMessage(for: error, columns: width)
                if !help.isEmpty { CommandLineRun.current.write(HelpText.fit(help, width: width) + "\n") }
            } else if !message.isEmpty {
                CommandLineRun.current.writeError(message + "\n")
            }
            return code.rawValue
        }
    }

    /// The command the words name, parsed. The named subcommand is parsed on its own first, so
    /// no other subcommand's description is built. Words it does not take (`--help`, a mistake)
    /// are parsed again from the root, so help, errors and usage read as they always do.
    static func parsed(_ words: [String]) throws -> ParsableCommand {
        // argument-parser answers `--help` with a command of its own, which would print the
        // usage without `carousel`: only the named command or one of its own subcommands is taken.
        if let (type, rest) = named(words), let command = try? type.parseAsRoot(rest),
           isCommand(Swift.type(of: command), in: type) {
            return command
        }
        return try parseAsRoot(words)
    }

    /// Whether `command` is `tree` or one of its subcommands, at any depth.
    static func isCommand(_ command: any ParsableCommand.Type, in tree: any ParsableCommand.Type) -> Bool {
        command == tree || tree.configuration.subcommands.contains { isCommand(command, in: $0) }
    }

    /// The subcommand the words name, and the words left for it. Without a command word (only
    /// options, or nothing) they name home, the default subcommand.
    private static func named(_ words: [String]) -> (any ParsableCommand.Type, [String])? {
        guard let first = words.first, !first.hasPrefix("-") else { return (Home.self, words) }
        return command(named: first).map { ($0, Array(words.dropFirst())) }
    }

    /// The subcommand that answers to `word`.
    static func command(named word: String) -> (any ParsableCommand.Type)? {
        commands.first { $0.words.contains(word) }?.type
    }

    /// The words to parse: global options moved behind the command, and an unknown first word
    /// turned into `show WORD` when it names a card, or refused with the nearest command names.
    static func commandWords(_ words: [String]) throws -> [String] {
        let split = GlobalArguments.rearrange(words)
        guard let first = split.firstWord, first != "help", command(named: first) == nil else { return split.arguments }
        if let order = CommandSynonyms.cardFirst(first, rest: Array(split.rest.dropFirst()), isCommand: { command(named: $0) != nil }) {
            throw UnknownCommand(message: order + ".")
        }
        if names(aCard: first, globals: GlobalArguments.all(in: words)) {
            return ["show"] + split.rest + split.globals
        }
        let visible = configuration.subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
        throw UnknownCommand(message: "unknown command '\(first)'."
            + (CommandSynonyms.hint(first, rest: Array(split.rest.dropFirst())) ?? Nearest.hint(for: first, among: visible))
            + " `carousel --help` lists the commands.")
    }

    /// Whether `word` resolves to a card in the vault the global options point at.
    private static func names(aCard word: String, globals: [String]) -> Bool {
        guard let options = try? GlobalOptions.parse(globals),
              let ws = try? options.workspace(writing: false) else { return false }
        return (try? ws.resolve(word)) != nil
    }
}

/// A first word that is neither a command nor a card.
struct UnknownCommand: Error {
    let message: String
}
