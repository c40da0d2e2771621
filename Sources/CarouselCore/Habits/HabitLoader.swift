/// Reads every habit in `habits/`. The folder is small, so it is read directly, without the index.
public enum HabitLoader {
    /// All habits in file order, and a diagnostic for each file that does not parse.
    public static func load(vault: Vault) -> (habits: [Habit], diagnostics: [FileDiagnostic]) {
        var habits: [Habit] = []
        var diagnostics: [FileDiagnostic] = []
        let listing = FileSystem.markdownListing(root: vault.root, dir: Vault.habitsDir)
        diagnostics += listing.skipped.map { Vault.skippedLinkDiagnostic($0.path, $0.destination) }
        for path in listing.files {
            do {
                let text = try vault.readText(path)
                habits.append(try HabitParser.parse(text: text, path: path))
            } catch let error as FileDiagnostic {
                diagnostics.append(error)
            } catch {
                diagnostics.append(FileDiagnostic(path: path, line: 1, column: 1, message: "cannot read this file: \(error)"))
            }
        }
        return (habits, diagnostics)
    }
}
