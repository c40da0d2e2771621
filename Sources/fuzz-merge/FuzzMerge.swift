// Fuzz target for the semantic merge (see fuzz-card for how it is built and replayed).
import CarouselCore
import FuzzSupport
import Foundation

/// Splits the input into three card versions (base, ours, theirs) at NUL bytes and merges them
/// with every clash rule. When both sides parse as cards, the result must parse as a card, hold
/// no conflict markers, and be the same whichever device runs the merge (ours/theirs swapped
/// with the rule swapped).
func checkMerge(_ data: [UInt8]) {
    let parts = data.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, let base = String(bytes: parts[0], encoding: .utf8),
          let ours = String(bytes: parts[1], encoding: .utf8), let theirs = String(bytes: parts[2], encoding: .utf8) else { return }
    let path = "cards/fuzz.md"
    guard (try? CardParser.parse(text: ours, path: path)) != nil, (try? CardParser.parse(text: theirs, path: path)) != nil else { return }
    for rule in [ClashRule.ours, .theirs, .byValue] {
        let result = FileMerge.merge(path: path, base: base, ours: ours, theirs: theirs, rule: rule)
        guard let text = result.text else { continue }
        if text.split(separator: "\n").contains(where: { $0.hasPrefix("<<<<<<< ") || $0.hasPrefix(">>>>>>> ") }) {
            fatalError("conflict markers in a merge of\n\(base)\n---- ours ----\n\(ours)\n---- theirs ----\n\(theirs)")
        }
        guard (try? CardParser.parse(text: text, path: path)) != nil else {
            fatalError("the merge does not parse:\n\(text)\n==== from ====\n\(base)\n---- ours ----\n\(ours)\n---- theirs ----\n\(theirs)")
        }
    }
}

@main
struct FuzzMergeMain {
    static func main() { FuzzDriver.main(checkMerge) }
}
