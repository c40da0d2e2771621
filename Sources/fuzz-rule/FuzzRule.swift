// Fuzz target for the recurrence parser and expansion (see fuzz-card for how it is built).
import CarouselCore
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

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// The entry point libFuzzer's own `main` calls, when the linker picks that one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    checkRule(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#endif

@main
struct FuzzRuleMain {
    static func main() {
        #if FUZZING
        // libFuzzer's own driver, called from our main (SwiftPM owns the executable's entry point).
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            guard let data else { return 0 }
            checkRule(Array(UnsafeBufferPointer(start: data, count: size)))
            return 0
        })
        #else
        // Replay: run each file named on the command line through the same checks.
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            checkRule(Array(data))
        }
        #endif
    }
}
