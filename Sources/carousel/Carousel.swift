import ArgumentParser

@main
struct Carousel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carousel",
        abstract: "A calm, plain-text planner: cards and habits in Markdown, every change a git commit.",
        discussion: "Run `carousel` on its own to see today and the carousel.",
        version: "0.1.0",
        subcommands: [
            Home.self, Init.self, Add.self, Show.self, SetCommand.self, Done.self, Undone.self, Remove.self,
            Pull.self, Drop.self, Order.self, TodayCommand.self, Suggest.self, IndexCommand.self,
            List.self, Search.self, Export.self, Import.self, Edit.self, CompleteRefs.self, GenerateMan.self, Focus.self, Reflect.self,
        ],
        defaultSubcommand: Home.self
    )
}
