import ArgumentParser

/// `carousel`: its subcommands and help. `CarouselCommandLine.run` parses and runs it.
struct Carousel: ParsableCommand {
    /// What `carousel --version` prints.
    static let version = "0.1.0"

    /// Each subcommand with the words it answers to, in the order help lists them. A run looks
    /// its command up here by the first word, without building every subcommand's description
    /// (docs/performance.md, "Start-up"); a test checks these words against each command's own
    /// name and aliases.
    static let commands: [(words: [String], type: any ParsableCommand.Type)] = [
        (["home"], Home.self),
        (["init"], Init.self),
        (["add"], Add.self),
        (["show"], Show.self),
        (["attach"], Attach.self),
        (["detach"], Detach.self),
        (["tag"], TagCommand.self),
        (["set"], SetCommand.self),
        (["done"], Done.self),
        (["undone"], Undone.self),
        (["rm"], Remove.self),
        (["pull"], Pull.self),
        (["drop"], Drop.self),
        (["order"], Order.self),
        (["today"], TodayCommand.self),
        (["suggest"], Suggest.self),
        (["pick"], Pick.self),
        (["welcome"], Welcome.self),
        (["index"], IndexCommand.self),
        (["config"], Config.self),
        (["calendar"], CalendarCommand.self),
        (["board"], Board.self),
        (["move"], Move.self),
        (["countdown"], Countdown.self),
        (["timeline"], Timeline.self),
        (["checkin"], Checkin.self),
        (["budget"], Budget.self),
        (["bubbles"], Bubbles.self),
        (["rule"], Rule.self),
        (["habit"], HabitCommand.self),
        (["check"], Check.self),
        (["skip"], Skip.self),
        (["uncheck"], Uncheck.self),
        (["habits", "streaks"], Habits.self),
        (["progress"], ProgressCommand.self),
        (["serve"], Serve.self),
        (["caldav"], CalDAV.self),
        (["sync"], Sync.self),
        (["clone"], Clone.self),
        (["doctor"], Doctor.self),
        (["log"], Log.self),
        (["undo"], UndoCommand.self),
        (["conflicts"], Conflicts.self),
        (["resolve"], ResolveCommand.self),
        (["setup"], Setup.self),
        (["merge-driver"], MergeDriver.self),
        (["list"], List.self),
        (["search"], Search.self),
        (["export"], Export.self),
        (["import"], Import.self),
        (["migrate"], Migrate.self),
        (["edit"], Edit.self),
        (["focus"], Focus.self),
        (["reflect"], Reflect.self),
        (["league"], LeagueCommand.self),
        (["friend"], Friend.self),
        (["remind"], Remind.self),
        (["complete-refs"], CompleteRefs.self),
        (["generate-man"], GenerateMan.self),
        (["watch"], Watch.self),
    ]

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
        subcommands: commands.map(\.type),
        defaultSubcommand: Home.self
    )
}
