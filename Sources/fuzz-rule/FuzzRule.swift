// Fuzz target for the recurrence parser and expansion (see fuzz-card for how it is built).
import CarouselCore
import FuzzSupport
import Foundation

/// Parses the input as a rule; a rule that parses must expand, and its normalized and RRULE
/// forms must parse back to the same rule.
func checkRule(_ data: [UInt8]) {
    guard data.count < 512, let text = String(bytes: data, encoding: .utf8) else { return }
    guard let rule = try? RecurrenceRule.parse(text) else { return }
    guard let anchor = Day(iso: "2026-01-31") else { return }
    let dates = rule.occurrences(anchor: anchor, from: anchor, limit: 20)
    guard dates == dates.sorted(), Set(dates).count == dates.count else { fatalError("unsorted or repeated dates for \(text)") }
    for d in dates where !rule.occurs(on: d, anchor: anchor) && !rule.afterCompletion {
        fatalError("occurs(on:) disagrees with occurrences for \(text) on \(d)")
    }
    guard (try? RecurrenceRule.parse(rule.normalized)) == rule else { fatalError("normalized form does not read back: \(text) → \(rule.normalized)") }
    if !rule.afterCompletion, (try? RecurrenceRule.parse(rule.rrule)) != rule {
        fatalError("RRULE form does not read back: \(text) → \(rule.rrule)")
    }
    _ = rule.summary
}

@main
struct FuzzRuleMain {
    static func main() { FuzzDriver.main(checkRule) }
}
