extension Workspace {
    /// A new card in a `format: tasknotes` vault gets the keys TaskNotes writes for a new task;
    /// the assignments then fill them through TaskNotes' spelling of each role (`importance` as
    /// `priority`, `start` as `scheduled`, `created` as `dateCreated`, see `CardFile.key(for:)`).
    /// The vault's task tag (`task` unless TaskNotes' `taskTag` says otherwise) leads its tags, and a repeat rule is written
    /// as TaskNotes' `recurrence`: RFC 5545 text with its DTSTART inline. After-done rules have
    /// no such text and stay Carousel's `repeat:`.
    func seedTaskNotesKeys(_ file: inout CardFile, _ new: NewCard, _ assignments: inout [FieldAssignment]) {
        file.set("status", string: VaultLayout.active.openStatus)
        file.set("priority", string: VaultLayout.active.priorities.first ?? "none")
        if new.start != nil { file.setLines("scheduled", ["scheduled:"]) }
        file.set("dateCreated", string: TaskNotesStamp.text(moment.stamp))
        file.set("dateModified", string: TaskNotesStamp.text(moment.stamp))
        let tag = VaultLayout.active.taskTag
        let tags = [tag] + new.tags.filter { $0 != tag }
        assignments.removeAll { $0.field == "tags" }
        assignments.append(.init(field: "tags", value: tags.joined(separator: ",")))
        if let text = new.repeatRule, let rule = try? RecurrenceRule.parse(text), !rule.afterCompletion {
            let first = new.due.flatMap { dateWords.read($0)?.value.day } ?? rule.seriesStart(writtenOn: moment.today)
            assignments.removeAll { $0.field == "repeat" }
            file.set("recurrence", string: "DTSTART:" + first.iso.replacingOccurrences(of: "-", with: "") + ";" + rule.rrule)
        }
    }
}
