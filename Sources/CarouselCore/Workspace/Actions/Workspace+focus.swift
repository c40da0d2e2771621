extension Workspace {
    /// Appends a focus session to today's journal under `focus:` and commits it.
    public func recordFocus(_ session: FocusSession, cardTitle: String?) throws(CarouselError) {
        var (records, document) = try loadRecords()
        records.focus.append(session)
        let on = cardTitle.map { " on \($0)" } ?? ""
        try commit([FileWrite(path: JournalDay.path(for: today), text: records.render(into: document))],
                   message: "focus: \(session.minutes) min\(on)")
    }

    /// Saves this morning's or tonight's reflection (and sleep), replacing an earlier one of the
    /// same kind. Returns whether one was replaced.
    @discardableResult
    public func reflect(night: Bool, text: String, sleep: Int?) throws(CarouselError) -> Bool {
        var (records, document) = try loadRecords()
        let replaced = (night ? records.night : records.morning) != nil
        if night { records.night = text } else { records.morning = text }
        if let sleep { records.sleep = sleep }
        try commit([FileWrite(path: JournalDay.path(for: today), text: records.render(into: document))],
                   message: "reflect: \(night ? "night" : "morning")\(replaced ? " (replaced)" : "")")
        return replaced
    }

    public func loadRecords() throws(CarouselError) -> (JournalRecords, FrontMatterDocument?) {
        do {
            return try JournalRecords.load(vault: vault, day: today)
        } catch {
            throw .invalidFile(error)
        }
    }
}
