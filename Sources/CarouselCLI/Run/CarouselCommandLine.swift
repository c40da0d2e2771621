import CarouselCore
import CarouselGit
import Foundation

/// The command line as a function: `carousel ARGUMENTS` with this environment and these streams,
/// returning the exit status (0 ok, 1 user error, 2 usage, 3 vault or git error). The `carousel`
/// program calls it with its own; the tests call it in-process.
///
/// Two things still come from the process: its working folder (a vault found around it,
/// relative paths), and what libgit2 and the programs a command starts (an editor, ssh, git)
/// read from the process's environment. A caller with another environment sets the process's
/// to match and calls `processEnvironmentChanged()`.
public enum CarouselCommandLine {
    public static func run(_ arguments: [String], environment: [String: String], input: FileHandle,
                           output: OutputSink, errors: OutputSink) -> Int32 {
        let run = CommandLineRun(environment: environment, input: input, output: output, errors: errors)
        // Each run reads the layout of the vault it opens, and leaves none behind for the next.
        VaultLayout.install(.standard)
        defer { VaultLayout.install(.standard) }
        return CommandLineRun.$current.withValue(run) {
            defer { run.flush() }
            return Carousel.status(running: arguments)
        }
    }

    /// Makes what reads the process's environment once read it again: libgit2 (HOME and
    /// XDG_CONFIG_HOME, for git's global config) and the local time zone (TZ).
    public static func processEnvironmentChanged() {
        try? GitLibrary.reloadConfigSearchPaths()
        tzset()
        NSTimeZone.resetSystemTimeZone()
    }
}
