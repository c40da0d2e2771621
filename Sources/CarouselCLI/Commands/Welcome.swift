import ArgumentParser

struct Welcome: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "welcome", abstract: "Three calm ways back after days away, each one commit: someday, spread or pick.",
        discussion: "Home says \"welcome back\" on the first run of a day two or more days after this device last opened the vault. Each way acts on the overdue cards (the board's Overdue column).",
        subcommands: [WelcomeSomeday.self, WelcomeSpread.self, WelcomePick.self])
}
