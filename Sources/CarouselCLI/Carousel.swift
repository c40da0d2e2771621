import ArgumentParser

/// `carousel`: its subcommands and help. `CarouselCommandLine.run` parses and runs it.
struct Carousel: ParsableCommand {
    /// What `carousel --version` prints.
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "carousel",
        abstract: "A calm, plain-text planner: cards and habits in Markdown, every change a git commit.",
        discussion: """
            Run `carousel` on its own to see today and the carousel.

            Every command takes these options:
              --vault PATH     The vault folder (else CAROUSEL_VAULT, else the vault around
                               the current folder).
              --today DATE     Plan as if it were this date, YYYY-MM-DD (else CAROUSEL_TODAY,
                               else the local date).
              --json           Print JSON for scripts instead of text.
              --color WHEN     auto (on a terminal, unless NO_COLOR is set), always or never.
            """,
        version: version,
        subcommands: [
            Home.self, Init.self, Add.self, Show.self, Attach.self, Detach.self, TagCommand.self, SetCommand.self, Done.self, Undone.self, Remove.self,
            Pull.self, Drop.self, Order.self, TodayCommand.self, Suggest.self, Pick.self, Welcome.self, IndexCommand.self, Config.self,
            CalendarCommand.self, Board.self, Move.self, Countdown.self, Timeline.self, Checkin.self, Budget.self,
            Bubbles.self,
            Rule.self, HabitCommand.self, Check.self, Skip.self, Uncheck.self, Habits.self, ProgressCommand.self,
            Serve.self,
            Sync.self, Clone.self, Doctor.self, Log.self, UndoCommand.self, Conflicts.self, ResolveCommand.self, Setup.self, MergeDriver.self,
            List.self, Search.self, Export.self, Import.self, Migrate.self, Edit.self, Focus.self, Reflect.self,
            LeagueCommand.self, Friend.self, Remind.self, CompleteRefs.self, GenerateMan.self, Watch.self,
        ],
        defaultSubcommand: Home.self
    )
}
