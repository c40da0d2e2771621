extension QuickCapture {
    /// The line's words without a trailing `first: …`, and that first step: everything after the
    /// last word `first:` (`Write the report fri first: open the laptop`). A `first:` with nothing
    /// after it stays in the title.
    static func splitFirstStep(_ words: [String]) -> (words: [String], firstStep: String?) {
        guard let k = words.lastIndex(where: { $0.lowercased().hasPrefix("first:") }) else { return (words, nil) }
        let glued = String(words[k].dropFirst("first:".count))
        let step = ([glued] + words[(k + 1)...]).filter { !$0.isEmpty }.joined(separator: " ")
        guard !step.isEmpty, k > 0 else { return (words, nil) }
        return (Array(words[..<k]), step)
    }
}
