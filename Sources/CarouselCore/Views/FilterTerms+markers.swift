/// The markers quick capture reads, read the same way as filters, so a line means the same to
/// `add` and to `list` (and the bulk forms): `#home` is `+home`, `@work` is `category:work`,
/// `!4`, `!high` and `!low` are `importance:4`, `5` and `1`, `~2` is `spoons:2`.
/// Todoist's `p1`–`p4` are left out here: as bare words they could be a card's slug.
extension FilterTerms {
    /// Reads `w` when it is one of quick capture's markers; false otherwise.
    mutating func readMarker(_ w: String) -> Bool {
        if let tag = QuickCapture.marker(w, "#") {
            filter.tagsIncluded.append(tag)
        } else if let category = QuickCapture.marker(w, "@") {
            filter.category = category
        } else if let n = QuickCapture.level(w, "!") ?? (w.first == "!" ? QuickCapture.importanceWord(w) : nil) {
            filter.importance = n...n
        } else if let n = QuickCapture.level(w, "~") {
            filter.spoons = n...n
        } else {
            return false
        }
        return true
    }
}
