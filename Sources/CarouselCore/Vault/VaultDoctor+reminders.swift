/// `doctor`'s look at reminders: a `remind:` value that will never fire, because it is not a form
/// `remind` reads, or because the card has no day to measure it from.
extension VaultDoctor {
    static func reminders(_ vault: Vault) -> [DoctorFinding] {
        var result: [DoctorFinding] = []
        for path in FileSystem.markdownFiles(root: vault.root, dir: Vault.cardsDir) {
            guard let text = try? vault.readText(path), text.contains("remind"),
                  let file = try? CardFile(text: text, path: path),
                  let field = (try? FrontMatterFields(document: file.document))?["remind"] else { continue }
            let values = field.value.sequence.map { $0.compactMap { $0.scalar?.string } } ?? field.value.scalar.map { $0.string.split(separator: ",").map(String.init) } ?? []
            let card = file.card
            let dated = card.due != nil || card.start != nil || card.repeatRule != nil
            for raw in values {
                let value = raw.trimmingCharacters(in: .whitespaces)
                switch RemindSpec(value) {
                case nil:
                    result.append(DoctorFinding(kind: .remind, severity: .note, path: path, line: field.line,
                                                message: "remind: \(value) will never fire: it is not \(RemindSpec.forms)",
                                                fix: "write it as one of those, e.g. `carousel set \(card.slug) remind=30m`"))
                case .before?, .after?, .timeOfDay?:
                    if !dated {
                        result.append(DoctorFinding(kind: .remind, severity: .note, path: path, line: field.line,
                                                    message: "remind: \(value) will never fire: \(card.title) has no due date, start or repeat to count from",
                                                    fix: "give it a day (`carousel set \(card.slug) due=friday`) or a fixed time (`remind: 2026-11-24T09:00`)"))
                    }
                case .at?:
                    continue
                }
            }
        }
        return result
    }
}
