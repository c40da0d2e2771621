import Foundation
import XCTest
@testable import CarouselCore

/// TaskNotes' conformance suite (tasknotes-spec), run by its runner guide: load the manifest's
/// fixture files, skip what the claimed profiles and capabilities do not select, execute each
/// operation through `TaskNotesAdapter`, apply the fixture's assertion, and print the counts per
/// file and per profile (`# pass … fail … skip …`). The fixtures are not part of this repository:
/// set `TASKNOTES_CONFORMANCE` to the suite's `conformance` folder (the one with `manifest.json`
/// and `fixtures/`), or keep the suite at `../shared/corpora/tasknotes-spec` beside the project;
/// without either the test is skipped and says so. `TASKNOTES_CONFORMANCE_TAP`
/// names a file to write the TAP report to.
///
/// An operation the adapter does not implement fails (the guide has no other verdict for it);
/// the test itself fails only when an operation it does implement fails a fixture, so it guards
/// what is claimed while the counts show what is left.
final class TaskNotesConformanceTests: XCTestCase {
    /// `TASKNOTES_CONFORMANCE`, else `../shared/corpora/tasknotes-spec/conformance` beside the
    /// project's root (this file is Tests/CarouselCoreTests/Conformance/…), else nil.
    static var suite: String? {
        if let root = ProcessInfo.processInfo.environment["TASKNOTES_CONFORMANCE"], !root.isEmpty { return root }
        var project = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { project.deleteLastPathComponent() }
        let beside = project.deletingLastPathComponent().appendingPathComponent("shared/corpora/tasknotes-spec/conformance").path
        return FileManager.default.fileExists(atPath: beside + "/manifest.json") ? beside : nil
    }

    func testTheSuiteFixtures() throws {
        guard let root = Self.suite else {
            print("corpus: tasknotes-spec is not beside the project (../shared/corpora) and TASKNOTES_CONFORMANCE is not set; TaskNotes' suite is skipped")
            throw XCTSkip("TASKNOTES_CONFORMANCE is not set and ../shared/corpora/tasknotes-spec is not beside the project: point it at tasknotes-spec's conformance folder (manifest.json and fixtures/) to run the suite")
        }
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: root + "/manifest.json"))) as? [String: Any]
        let files = (manifest?["files"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String }
        XCTAssertFalse(files.isEmpty, "manifest.json lists no fixture files")
        let adapter = TaskNotesAdapter()
        let claim = adapter.claim
        var tap = ["TAP version 14"]
        var total = Tally()
        var byFile: [(String, Tally)] = []
        var byProfile: [String: Tally] = [:]
        var implementedFailures: [String] = []
        var n = 0
        for file in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: root + "/fixtures/" + file))
            guard let fixtures = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { continue }
            var tally = Tally()
            for fixture in fixtures {
                n += 1
                let id = fixture["id"] as? String ?? "?", operation = fixture["operation"] as? String ?? ""
                let profile = fixture["profile"] as? String ?? ""
                let outcome: Outcome
                if let why = Conformance.skipReason(fixture, profiles: claim.profiles, capabilities: claim.capabilities) {
                    outcome = .skip(why)
                } else {
                    let envelope = adapter.execute(operation, fixture["input"] as? [String: Any] ?? [:])
                    if let problem = Conformance.check(fixture, envelope) {
                        outcome = .fail(problem)
                        if adapter.implements(operation) { implementedFailures.append("\(id): \(problem)") }
                    } else {
                        outcome = .pass
                    }
                }
                tally.add(outcome)
                total.add(outcome)
                byProfile[profile, default: Tally()].add(outcome)
                switch outcome {
                case .pass: tap.append("ok \(n) - \(id) \(operation)")
                case .skip(let why): tap.append("ok \(n) - # SKIP \(id) (\(why))")
                case .fail(let why): tap += ["not ok \(n) - \(id) \(operation)", "  ---", "  message: \(why.debugDescription)", "  ..."]
                }
            }
            byFile.append((file, tally))
        }
        tap.insert("1..\(n)", at: 1)
        tap.append("# pass: \(total.pass)  fail: \(total.fail)  skip: \(total.skip)")
        if let out = ProcessInfo.processInfo.environment["TASKNOTES_CONFORMANCE_TAP"], !out.isEmpty {
            try tap.joined(separator: "\n").appending("\n").write(toFile: out, atomically: true, encoding: .utf8)
        }
        print("tasknotes-spec conformance, claiming \(claim.profiles.sorted().joined(separator: ", ")):")
        for (file, t) in byFile { print("  \(file): \(t)") }
        for (profile, t) in byProfile.sorted(by: { $0.key < $1.key }) { print("  profile \(profile): \(t)") }
        print("# pass: \(total.pass)  fail: \(total.fail)  skip: \(total.skip)")
        print("corpus: tasknotes-spec, claiming \(claim.profiles.sorted().joined(separator: ", ")): pass \(total.pass), fail \(total.fail), skip \(total.skip)")
        for (file, t) in byFile { print("corpus:   \(file): \(t)") }
        XCTAssertEqual(implementedFailures.prefix(20), [], "fixtures failed by operations the adapter implements")
    }
}

enum Outcome {
    case pass
    case fail(String)
    case skip(String)
}

struct Tally: CustomStringConvertible {
    var pass = 0, fail = 0, skip = 0
    mutating func add(_ o: Outcome) {
        switch o {
        case .pass: pass += 1
        case .fail: fail += 1
        case .skip: skip += 1
        }
    }
    var description: String { "pass \(pass), fail \(fail), skip \(skip)" }
}

/// The runner guide's selection, assertions and matchers.
enum Conformance {
    static func expand(_ profiles: Set<String>) -> Set<String> {
        var e = profiles
        if e.contains("extended") { e.formUnion(["recurrence", "core-lite"]) }
        if e.contains("recurrence") { e.insert("core-lite") }
        return e
    }

    static func skipReason(_ fixture: [String: Any], profiles: Set<String>, capabilities: Set<String>) -> String? {
        let profile = fixture["profile"] as? String ?? ""
        if !expand(profiles).contains(profile) { return "profile not claimed: \(profile)" }
        for cap in fixture["requires"] as? [String] ?? [] where !capabilities.contains(cap) { return "missing capability: \(cap)" }
        return nil
    }

    /// The problem with `envelope` for the fixture's assertion, nil when it passes.
    static func check(_ fixture: [String: Any], _ envelope: [String: Any]) -> String? {
        let input = fixture["input"] as? [String: Any] ?? [:]
        let expect = fixture["expect"]
        switch fixture["assertion"] as? String ?? "" {
        case "envelope_equals", "create_compat_invariants":
            if let p = match(envelope, expect as Any, input) { return p }
            if fixture["assertion"] as? String == "create_compat_invariants", envelope["ok"] as? Bool == true,
               let path = (envelope["result"] as? [String: Any])?["path"] as? String,
               !path.hasSuffix(".md") || path.contains("{") || path.contains("}") {
                return "path \(path) is not a finished .md path"
            }
            return nil
        case "envelope_error":
            guard envelope["ok"] as? Bool == false else { return "expected ok=false, got \(envelope)" }
            if let e = (expect as? [String: Any])?["error"] { return match(envelope["error"] as Any, e, input) }
            return nil
        case "recurrence_complete_invariants", "recurrence_recalculate_invariants":
            return recurrence(fixture["assertion"] as? String == "recurrence_complete_invariants", input, envelope)
        default:
            return "unknown assertion \(fixture["assertion"] ?? "")"
        }
    }

    /// The guide's invariants of `recurrence.complete` and `recurrence.recalculate`.
    static func recurrence(_ completing: Bool, _ input: [String: Any], _ envelope: [String: Any]) -> String? {
        guard envelope["ok"] as? Bool == true, let result = envelope["result"] as? [String: Any] else { return "expected ok=true, got \(envelope)" }
        guard let rule = result["updatedRecurrence"] as? String, rule.contains("FREQ=") else { return "no FREQ= in updatedRecurrence" }
        let anchor = input["recurrenceAnchor"] as? String
        func dtstart(_ day: String) -> Bool {
            let compact = String(day.prefix(10)).replacingOccurrences(of: "-", with: "")
            return rule.range(of: "DTSTART:\(compact)(;|$)", options: .regularExpression) != nil
        }
        let next = (result["nextScheduled"] as? String).map { String($0.prefix(10)) }
        if completing {
            let date = input["completionDate"] as? String ?? ""
            guard let complete = result["completeInstances"] as? [String], let skipped = result["skippedInstances"] as? [String] else { return "instances are not lists" }
            if !complete.contains(date) { return "completeInstances lacks \(date)" }
            if skipped.contains(date) { return "skippedInstances still has \(date)" }
            if !rule.contains("DTSTART:") { return "no DTSTART: in \(rule)" }
            if anchor == "completion", !dtstart(date) { return "DTSTART is not the completion day in \(rule)" }
            if anchor == "scheduled", let s = input["scheduled"] as? String, !dtstart(s) { return "DTSTART is not the scheduled day in \(rule)" }
            if let next, next.range(of: "^[0-9]{4}-[0-9]{2}-[0-9]{2}", options: .regularExpression) == nil || next < date { return "nextScheduled \(next) before \(date)" }
        } else {
            if anchor == "scheduled", !rule.contains("DTSTART:") { return "no DTSTART: in \(rule)" }
            if let next {
                let reference = input["referenceDate"] as? String ?? ""
                if next < reference { return "nextScheduled \(next) before \(reference)" }
                if anchor != "completion", (input["completeInstances"] as? [String] ?? []).contains(next) { return "nextScheduled \(next) is completed" }
                if (input["skippedInstances"] as? [String] ?? []).contains(next) { return "nextScheduled \(next) is skipped" }
            }
        }
        if let next, let nextDue = result["nextDue"] as? String, let s = input["scheduled"] as? String, let d = input["due"] as? String,
           let a = Day(iso: String(s.prefix(10))), let b = Day(iso: String(d.prefix(10))), let n = Day(iso: next), let m = Day(iso: String(nextDue.prefix(10))),
           a.days(until: b) != n.days(until: m) {
            return "due moved from scheduled: \(a.days(until: b)) days before, \(n.days(until: m)) after"
        }
        return nil
    }

    /// `deep_match`: nil when `actual` matches `expected`, else what differs.
    static func match(_ actual: Any, _ expected: Any, _ input: [String: Any]) -> String? {
        if let e = expected as? [String: Any] {
            if let pattern = e["$regex"] as? String {
                guard let s = actual as? String else { return "expected a string matching /\(pattern)/, got \(actual)" }
                guard let re = try? NSRegularExpression(pattern: pattern),
                      re.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil else { return "\(s.debugDescription) does not match /\(pattern)/" }
                return nil
            }
            if let options = e["$oneOf"] as? [Any] {
                return options.contains { match(actual, $0, input) == nil } ? nil : "\(actual) matches none of \(options)"
            }
            if let subset = e["$contains"] {
                if let list = actual as? [Any] {
                    guard let wanted = subset as? [Any] else { return "$contains of a list must be a list" }
                    for w in wanted where !list.contains(where: { match($0, w, input) == nil }) { return "\(list) has no \(w)" }
                    return nil
                }
                guard let object = actual as? [String: Any], let wanted = subset as? [String: Any] else { return "expected an object, got \(actual)" }
                for (k, v) in wanted { if let p = match(object[k] ?? NSNull(), v, input) { return "\(k): \(p)" } }
                return nil
            }
            if let ref = e["$ref"] as? String {
                guard ref.hasPrefix("input.") else { return match(actual, ref, input) }
                var current: Any? = input
                for segment in ref.dropFirst(6).split(separator: ".") { current = (current as? [String: Any])?[String(segment)] }
                return match(actual, current ?? NSNull(), input)
            }
            guard let object = actual as? [String: Any] else { return "expected an object, got \(actual)" }
            for (k, v) in e { if let p = match(object[k] ?? NSNull(), v, input) { return "\(k): \(p)" } }
            return nil
        }
        if let e = expected as? [Any] {
            guard let list = actual as? [Any], list.count == e.count else { return "expected \(e.count) items, got \(actual)" }
            for (a, b) in zip(list, e) { if let p = match(a, b, input) { return p } }
            return nil
        }
        return same(actual, expected) ? nil : "expected \(expected), got \(actual)"
    }

    /// Strict scalar equality: a boolean is never a number, null never false.
    static func same(_ a: Any, _ b: Any) -> Bool {
        switch (a, b) {
        case (is NSNull, is NSNull): return true
        case (is NSNull, _), (_, is NSNull): return false
        case let (x as String, y as String): return x == y
        case (is String, _), (_, is String): return false
        default:
            let x = a as? NSNumber, y = b as? NSNumber
            guard let x, let y else { return false }
            let xb = a is Bool || String(cString: x.objCType) == "c", yb = b is Bool || String(cString: y.objCType) == "c"
            return xb == yb && x == y
        }
    }
}
