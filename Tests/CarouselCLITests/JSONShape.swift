import Foundation
import XCTest

/// The JSON shapes documented in docs/cli.md, read from its ```shape blocks, and a checker that
/// compares a command's output with one of them: every documented key is there with its type,
/// and no key is there that the page does not name (unless the shape says `"…": "any"`).
///
/// Shape notation: a JSON value whose leaves are type names — "string", "int", "number", "bool",
/// "any", or "$label" for another block; a trailing "?" allows null. `[X]` is a list of X.
enum JSONShape {
    static let docs: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/cli.md")

    /// label → shape, from every "```shape LABEL" block of docs/cli.md.
    nonisolated(unsafe) static let blocks: [String: Any] = {
        guard let text = try? String(contentsOf: docs, encoding: .utf8) else { return [:] }
        var out: [String: Any] = [:]
        var label: String?
        var body: [String] = []
        for line in text.components(separatedBy: "\n") {
            if let current = label {
                if line.hasPrefix("```") {
                    let value = try? JSONSerialization.jsonObject(with: Data(body.joined(separator: "\n").utf8))
                    out[current] = value ?? "unparsable shape block"
                    label = nil
                } else {
                    body.append(line)
                }
            } else if line.hasPrefix("```shape ") {
                label = String(line.dropFirst("```shape ".count)).trimmingCharacters(in: .whitespaces)
                body = []
            }
        }
        return out
    }()

    /// The differences between `stdout` and the shape named `label`; empty when it matches.
    static func problems(_ label: String, _ stdout: String) -> [String] {
        guard let shape = blocks[label] else { return ["docs/cli.md has no ```shape \(label) block"] }
        guard let value = try? JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed]) else {
            return ["output is not JSON: \(stdout.prefix(200))"]
        }
        var out: [String] = []
        check(value, against: shape, at: label, &out)
        return out
    }

    private static func check(_ value: Any, against shape: Any, at path: String, _ out: inout [String]) {
        if let name = shape as? String {
            var type = name
            let nullable = type.hasSuffix("?")
            if nullable { type.removeLast() }
            if value is NSNull {
                if !nullable && type != "any" { out.append("\(path): null, documented as \(name)") }
                return
            }
            if type.hasPrefix("$") {
                guard let inner = blocks[String(type.dropFirst())] else { return out.append("\(path): no shape \(type)") }
                return check(value, against: inner, at: path, &out)
            }
            let ok: Bool
            switch type {
            case "any": ok = true
            case "string": ok = value is String
            case "bool": ok = isBool(value)
            case "int": ok = !isBool(value) && (value as? NSNumber).map { $0.doubleValue == $0.doubleValue.rounded() } ?? false
            case "number": ok = !isBool(value) && value is NSNumber
            default: ok = false
            }
            if !ok { out.append("\(path): \(value) is not \(name)") }
        } else if let list = shape as? [Any] {
            guard let items = value as? [Any] else { return out.append("\(path): not a list") }
            guard let element = list.first else { return }
            for (i, item) in items.enumerated() { check(item, against: element, at: "\(path)[\(i)]", &out) }
        } else if let object = shape as? [String: Any] {
            guard let dict = value as? [String: Any] else { return out.append("\(path): not an object") }
            let open = object["…"] != nil
            for (key, inner) in object where key != "…" {
                guard let v = dict[key] else { out.append("\(path).\(key): missing"); continue }
                check(v, against: inner, at: "\(path).\(key)", &out)
            }
            if !open {
                for key in dict.keys where object[key] == nil { out.append("\(path).\(key): not documented") }
            }
        }
    }

    private static func isBool(_ v: Any) -> Bool {
        guard let n = v as? NSNumber else { return false }
        return String(cString: n.objCType) == "c"
    }
}

/// Checks a run's stdout against a documented shape.
func assertShape(_ label: String, _ r: RunResult, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(r.status, 0, "\(label): \(r.stderr)", file: file, line: line)
    let found = JSONShape.problems(label, r.stdout)
    XCTAssert(found.isEmpty, "\(label) does not match docs/cli.md:\n" + found.joined(separator: "\n"), file: file, line: line)
}
