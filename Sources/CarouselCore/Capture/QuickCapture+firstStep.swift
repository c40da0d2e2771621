extension QuickCapture {
    /// The line's words without a trailing `first: …`, and that first step: everything after the
    /// last word `first:` (`Write the report fri first: open the laptop`). A `first:` with nothing
    /// after it stays in the title. Markers at the very end (`first: open the laptop ~3 !4`) are
    /// the card's, not the step's: they go back to the line.
    static func splitFirstStep(_ words: [String]) -> (words: [String], firstStep: String?) {
        guard let k = words.lastIndex(where: { $0.lowercased().hasPrefix("first:") }) else { return (words, nil) }
        let glued = String(words[k].dropFirst("first:".count))
        var stepWords = ([glued] + words[(k + 1)...]).filter { !$0.isEmpty }
        var trailing: [String] = []
        while let last = stepWords.last, stepWords.count > 1, isMarker(last) {
            trailing.insert(last, at: 0)
            stepWords.removeLast()
        }
        let step = stepWords.joined(separator: " ")
        guard !step.isEmpty, k > 0 else { return (words, nil) }
        return (Array(words[..<k]) + trailing, step)
    }
}
