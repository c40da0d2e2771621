import CarouselGit
import Foundation

/// One change in the vault's history.
public struct HistoryEntry: Sendable {
    public let commit: String
    public let summary: String
    public let author: String
    /// The `Device:` trailer of the commit, nil for commits made outside Carousel.
    public let device: String?
    /// Seconds since the epoch.
    public let time: Int64
    public let isMerge: Bool
    /// For a card's history: what changed in its file, field by field.
    public var fields: [FieldChange] = []
}

/// One field's change between two versions of a file; nil means absent.
public struct FieldChange: Sendable, Equatable {
    public let field: String
    public let from: String?
    public let to: String?
}

/// Reading the vault's history: recent changes, and one file's changes field by field.
public enum History {
    /// How far back `log` looks.
    public static let depth = 1000
    static let deviceTrailer = "Device: "

    /// The device named in a commit message's `Device:` trailer.
    static func device(inMessage message: String) -> String? {
        message.split(separator: "\n").last { $0.hasPrefix(deviceTrailer) }
            .map { String($0.dropFirst(deviceTrailer.count)).trimmingCharacters(in: .whitespaces) }
    }

    public static func recent(vault: Vault, limit: Int) throws(CarouselError) -> [HistoryEntry] {
        let repo = try open(vault)
        do {
            return try repo.log(limit: limit).map(entry)
        } catch {
            throw .git("cannot read the history: \(error.localizedDescription)")
        }
    }

    /// The commits that changed `path` (compared with their first parent), newest first. A card
    /// moved to another file (same `id`) is followed back to its old name.
    public static func file(vault: Vault, path start: String, limit: Int) throws(CarouselError) -> [HistoryEntry] {
        let repo = try open(vault)
        var path = start
        do {
            var result: [HistoryEntry] = []
            for info in try repo.log(limit: depth) where info.parents.count <= 1 {
                let files = try repo.files(at: info.id)
                let parentFiles = try info.parents.first.map { try repo.files(at: $0) } ?? [:]
                guard files[path] != parentFiles[path] else { continue }
                let after = try files[path].map { text(try repo.blob($0)) }
                var before = try parentFiles[path].map { text(try repo.blob($0)) }
                var e = entry(info)
                if before == nil, let after, let id = cardID(after, path: path),
                   let old = try parentFiles.first(where: { try files[$0.key] == nil && cardID(text(repo.blob($0.value)), path: $0.key) == id }) {
                    before = text(try repo.blob(old.value))
                    e.fields = [FieldChange(field: "file", from: old.key, to: path)]
                    path = old.key
                }
                e.fields += changes(from: before, to: after)
                result.append(e)
                if result.count >= limit { break }
            }
            return result
        } catch {
            throw .git("cannot read the history of \(path): \(error.localizedDescription)")
        }
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private static func cardID(_ text: String, path: String) -> String? {
        guard path.hasSuffix(".md") else { return nil }
        return try? CardParser.parse(text: text, path: path).card.id
    }

    /// A file as it was at the end of `day` (UTC): from the newest commit on HEAD's first-parent
    /// line made on or before that day; nil when the file did not exist then.
    public static func text(vault: Vault, path: String, asOf day: Day) throws(CarouselError) -> String? {
        let repo = try open(vault)
        let end = Int64(day.dayNumber + 1) * 86_400
        do {
            var next = try repo.headID()
            while let id = next {
                let info = try repo.commit(id)
                if info.time < end { return try repo.file(at: id, path: path).map(text) }
                next = info.parents.first
            }
            return nil
        } catch {
            throw .git("cannot read \(path) from the history: \(error.localizedDescription)")
        }
    }

    /// Field-by-field differences between two versions of a front-matter file.
    public static func changes(from before: String?, to after: String?) -> [FieldChange] {
        if before == nil { return [FieldChange(field: "file", from: nil, to: "created")] }
        if after == nil { return [FieldChange(field: "file", from: "present", to: nil)] }
        let b = before.flatMap { try? FrontMatterDocument(text: $0) }
        let a = after.flatMap { try? FrontMatterDocument(text: $0) }
        var keys: [String] = []
        for doc in [b, a].compactMap({ $0 }) {
            for line in doc.lines {
                if let key = FrontMatterDocument.topLevelKey(of: line), !keys.contains(key) { keys.append(key) }
            }
        }
        var result: [FieldChange] = []
        for key in keys {
            let old = b.flatMap { FrontMatterMerge.raw($0, key) }.map(FrontMatterMerge.valueText)
            let new = a.flatMap { FrontMatterMerge.raw($0, key) }.map(FrontMatterMerge.valueText)
            if old != new { result.append(FieldChange(field: key, from: old, to: new)) }
        }
        if b?.body != a?.body { result.append(FieldChange(field: "notes", from: nil, to: nil)) }
        return result
    }

    static func entry(_ info: CommitInfo) -> HistoryEntry {
        HistoryEntry(commit: info.id.hex, summary: info.summary, author: info.authorName,
                     device: device(inMessage: info.message), time: info.time, isMerge: info.parents.count > 1)
    }

    static func open(_ vault: Vault) throws(CarouselError) -> Repository {
        try VaultOwner.open(vault)
    }
}
