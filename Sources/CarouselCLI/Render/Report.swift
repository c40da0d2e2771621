import ArgumentParser
import CarouselCore

/// Runs a command body, turning Carousel's errors into a clear message on stderr and an exit code:
/// 3 for a vault or git problem, 1 for anything the person can fix in what they typed or wrote.
func reporting(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as CarouselError {
        printError(message(for: error))
        throw ExitCode(exitStatus(for: error))
    }
}

/// The documented exit codes: 0 ok, 1 user error, 2 usage, 3 vault or git error.
func exitStatus(for error: CarouselError) -> Int32 {
    switch error {
    case .git, .io, .notAVault, .noVaultFound, .locked, .boundary, .diskFull, .readOnly, .notOwned: return 3
    default: return 1
    }
}

func message(for error: CarouselError) -> String {
    let t = Terminal.current
    switch error {
    case let .invalidFile(diag):
        // The file's own error (once), then what it means for this command.
        let said = CommandLineRun.current.printedErrors.withLock { $0.contains { $0.contains(diag.description) } }
        return (said ? "" : diag.description + "\n") + t.red("error:")
            + " \(diag.path) cannot be used until line \(diag.line) is fixed; nothing was changed. `carousel doctor` lists every such file."
    default:
        return t.red("error:") + " " + (error.errorDescription ?? "\(error)")
    }
}

/// One line per problem file on stderr, so a bad card never hides the rest of the vault.
func printDiagnostics(_ workspace: Workspace) {
    for d in workspace.diagnostics { printError(d.description) }
    for n in workspace.notices { printError(n) }
}

/// Notices for commands that print JSON: still on stderr, never mixed into stdout.
func printNotices(_ workspace: Workspace) {
    for n in workspace.notices { printError(n) }
}
