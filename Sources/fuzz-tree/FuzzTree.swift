// Fuzz target for the check on trees that arrive from a remote (see fuzz-card for how it is
// built and replayed).
import CarouselCore
import CarouselGit
import FuzzSupport
import Foundation

/// Reads the input as tree entries, one per line: a mode byte (0 file, 1 link, 2 folder,
/// 3 submodule, 4 executable file, 5 a mode git never writes, by its value mod 6), then the
/// path, then for a link a NUL and its target.
/// Properties: the check finishes; whatever it lets through has a plain path and, for a link,
/// a target that an independent resolution also keeps inside the vault and out of `.git/` and
/// `.carousel/`; anything at `.carousel` makes it refuse; a submodule, `.gitmodules`, a name
/// twice, a name with a control character or over 255 bytes, a mode git never writes, and one
/// of the vault's own folders as a file (or its own files as a folder) are each refused; the
/// verdict does not depend on order.
func checkTree(_ data: [UInt8]) {
    var entries: [TreeEntry] = []
    var targets: [Int: String] = [:]
    let modes: [UInt32] = [0o100644, TreeEntry.linkMode, TreeEntry.treeMode, 0o160000, 0o100755, 0o100664]
    for (i, line) in data.split(separator: UInt8(ascii: "\n")).prefix(64).enumerated() {
        guard let first = line.first else { continue }
        let rest = line.dropFirst()
        let parts = rest.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(decoding: parts[0], as: UTF8.self)
        let hex = String(format: "%040x", i + 1)
        guard !path.isEmpty, let id = ObjectID(hex: hex) else { continue }
        let mode = modes[Int(first) % modes.count]
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
    var seen: Set<String> = []
    for entry in entries where !entry.path.lowercased().hasPrefix(".carousel") {
        func refused(_ kind: IncomingTree.Finding.Kind) -> Bool {
            findings.contains { $0.path == entry.path && $0.kind == kind && $0.refuses }
        }
        let parts = entry.path.split(separator: "/", omittingEmptySubsequences: false)
        let required: [(Bool, IncomingTree.Finding.Kind)] = [
            (entry.mode == TreeEntry.gitlinkMode, .gitlink),
            (entry.mode == 0o100664, .oddMode),
            (entry.path.lowercased() == ".gitmodules", .gitmodules),
            (!seen.insert(entry.path).inserted && !refused(.normalisationPair), .duplicateEntry),
            (parts.contains { $0.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } }, .controlName),
            (entry.mode != TreeEntry.treeMode && !entry.isLink && ["cards", "habits", "journal", "attachments"].contains(entry.path), .fileForFolder),
            (entry.mode == TreeEntry.treeMode && (entry.path == "carousel.yaml" || Vault.isCarouselMarkdown(entry.path)), .folderForFile),
        ]
        for (applies, kind) in required where applies && !refused(kind) {
            fatalError("let through \(kind.rawValue): \(entry.path.debugDescription)")
        }
        if parts.contains(where: { $0.utf8.count > IncomingTree.maxNameBytes }), !refused(.longName), !refused(.controlName) {
            fatalError("let through a name over \(IncomingTree.maxNameBytes) bytes: \(entry.path.prefix(40).debugDescription)…")
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
