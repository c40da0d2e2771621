// Fuzz target for the check on trees that arrive from a remote (see fuzz-card for how it is
// built and replayed).
import CarouselCore
import CarouselGit
import FuzzSupport
import Foundation

/// Reads the input as tree entries, one per line: a mode byte (0 file, 1 link, 2 folder,
/// 3 submodule, by its value mod 4), then the path, then for a link a NUL and its target.
/// Properties: the check finishes; whatever it lets through has a plain path and, for a link,
/// a target that an independent resolution also keeps inside the vault and out of `.git/` and
/// `.carousel/`; anything at `.carousel` makes it refuse; the verdict does not depend on order.
func checkTree(_ data: [UInt8]) {
    var entries: [TreeEntry] = []
    var targets: [Int: String] = [:]
    let modes: [UInt32] = [0o100644, TreeEntry.linkMode, TreeEntry.treeMode, 0o160000]
    for (i, line) in data.split(separator: UInt8(ascii: "\n")).prefix(64).enumerated() {
        guard let first = line.first else { continue }
        let rest = line.dropFirst()
        let parts = rest.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(decoding: parts[0], as: UTF8.self)
        let hex = String(format: "%040x", i + 1)
        guard !path.isEmpty, let id = ObjectID(hex: hex) else { continue }
        let mode = modes[Int(first) % 4]
        entries.append(TreeEntry(path: path, mode: mode, id: id))
        if mode == TreeEntry.linkMode { targets[i + 1] = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : "" }
    }
    func target(_ e: TreeEntry) -> String? { Int(e.id.hex, radix: 16).flatMap { targets[$0] } }
    let findings = IncomingTree.findings(entries, linkTarget: target)
    let flagged = Set(findings.map(\.path))
    for entry in entries {
        let parts = entry.path.split(separator: "/", omittingEmptySubsequences: false).map { $0.lowercased() }
        if parts[0] == ".carousel", !findings.contains(where: { $0.kind == .stateFolder && $0.refuses }) {
            fatalError("a tree with \(entry.path) was not refused")
        }
        guard !flagged.contains(entry.path), parts[0] != ".carousel" else { continue }
        if parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." || $0 == ".git" }) {
            fatalError("let through a path no checkout may use: \(entry.path.debugDescription)")
        }
        if entry.isLink, let t = target(entry), !independentlyInside(linkAt: entry.path, target: t) {
            fatalError("let through a link out of the vault: \(entry.path.debugDescription) -> \(t.debugDescription)")
        }
    }
    let reversed = IncomingTree.findings(entries.reversed(), linkTarget: target)
    if Set(reversed.map { "\($0.kind.rawValue) \($0.path)" }) != Set(findings.map { "\($0.kind.rawValue) \($0.path)" }) {
        fatalError("the verdict depends on the order of the entries")
    }
}

/// The same question answered another way: join the link's folder and target into one
/// absolute path under a pretend root and fold it from the right.
func independentlyInside(linkAt path: String, target: String) -> Bool {
    if target.hasPrefix("/") || target.isEmpty || target.contains("\0") || target.contains("\\") { return false }
    let folder = path.split(separator: "/").dropLast().joined(separator: "/")
    let joined = (folder.isEmpty ? "" : folder + "/") + target
    var kept: [Substring] = []
    var depth = 0
    for part in joined.split(separator: "/") {
        switch part {
        case ".": continue
        case "..":
            if kept.isEmpty { depth -= 1 } else { kept.removeLast() }
            if depth < 0 { return false }
        default: kept.append(part)
        }
    }
    guard let first = kept.first?.lowercased() else { return false }
    return first != ".git" && first != ".carousel"
}

@main
struct FuzzTreeMain {
    static func main() { FuzzDriver.main(checkTree) }
}
