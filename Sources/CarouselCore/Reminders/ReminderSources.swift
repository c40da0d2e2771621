import Yams

/// Reads `remind:` from card and habit files. A bad value becomes a diagnostic with its file and
/// line; the file's other reminders and every other file still remind.
public enum ReminderSources {
    public static func cards(_ cards: [Card], vault: Vault) -> (inputs: [Reminders.CardInput], problems: [FileDiagnostic]) {
        var inputs: [Reminders.CardInput] = [], problems: [FileDiagnostic] = []
        for card in cards {
            guard let file = try? CardFile(vault: vault, path: card.path),
                  let field = (try? FrontMatterFields(document: file.document))?["remind"] else { continue }
            let (specs, bad) = read(field, path: card.path, document: file.document)
            problems += bad
            if !specs.isEmpty { inputs.append(Reminders.CardInput(card: card, specs: specs)) }
        }
        return (inputs, problems)
    }

    public static func habits(_ habits: [Habit], vault: Vault) -> (inputs: [Reminders.HabitInput], problems: [FileDiagnostic]) {
        var inputs: [Reminders.HabitInput] = [], problems: [FileDiagnostic] = []
        for habit in habits {
            guard let file = try? HabitFile(vault: vault, path: habit.path),
                  let field = (try? FrontMatterFields(document: file.document))?["remind"] else { continue }
            var (specs, bad) = read(field, path: habit.path, document: file.document)
            var times: [Int] = []
            for spec in specs {
                if case .timeOfDay(let m) = spec { times.append(m) } else {
                    bad.append(diagnostic(path: habit.path, line: field.line, document: file.document,
                                          "a habit's remind: takes times of day like \"08:00\", found \"\(spec.key)\""))
                }
            }
            specs = []
            problems += bad
            if !times.isEmpty { inputs.append(Reminders.HabitInput(habit: habit, times: times)) }
        }
        return (inputs, problems)
    }

    /// The values of one `remind:` field (a scalar or a list), each bad one reported at its line.
    public static func read(_ field: FrontMatterField, path: String, document: FrontMatterDocument) -> ([RemindSpec], [FileDiagnostic]) {
        let items: [(String, Int)]
        if let list = field.value.sequence {
            items = list.map { ($0.scalar?.string ?? "", $0.mark.map { $0.line + document.firstLineNumber - 1 } ?? field.line) }
        } else if let scalar = field.value.scalar {
            items = RemindSpec.split(scalar.string).map { ($0, field.line) }
        } else {
            return ([], [diagnostic(path: path, line: field.line, document: document, "remind: must be \(RemindSpec.forms)")])
        }
        var specs: [RemindSpec] = [], problems: [FileDiagnostic] = []
        for (text, line) in items {
            switch RemindSpec.parseList([text]) {
            case .success(let s): specs += s
            case .failure(let e): problems.append(diagnostic(path: path, line: line, document: document, e.message))
            }
        }
        return (specs, problems)
    }

    static func diagnostic(path: String, line: Int, document: FrontMatterDocument, _ message: String) -> FileDiagnostic {
        let index = line - document.firstLineNumber
        let source = document.lines.indices.contains(index) ? document.lines[index] : nil
        return FileDiagnostic(path: path, line: line, column: 1, message: message, sourceLine: source)
    }
}
