import CarouselGit
import Foundation

/// What a sync's merge is about to write before its merge commit, so that a sync killed in
/// between leaves nothing the next command would take for the person's own edits.
struct MergeLeftovers: Codable {
    /// HEAD when the merge began (hex): once HEAD moved, the merge commit was made.
    var head: String
    /// Path → a hash of the bytes the merge writes there (`StableHash.fnv1a`, hex); "" for a removal.
    var files: [String: String]
}

extension CrashRecovery {
    static func mergePath(_ vault: Vault) -> String { vault.url(Vault.localDir + "/merge.json") }

    /// Recorded before the merge writes its first file.
    static func writeMerge(head: ObjectID, writes: [FileWrite], vault: Vault) throws(CarouselError) {
        var files: [String: String] = [:]
        for write in writes { files[write.path] = write.bytes.map(digest) ?? write.text.map { digest(Array($0.utf8)) } ?? "" }
        guard let data = try? JSONText.encoder(.compact).encode(MergeLeftovers(head: head.hex, files: files)) else { return }
        let dir = try vault.stateFolder()
        try FileSystem.writeAtomically(String(decoding: data, as: UTF8.self), to: dir + "/merge.json", shownAs: Vault.localDir + "/merge.json")
    }

    static func clearMerge(_ vault: Vault) {
        try? FileSystem.remove(mergePath(vault))
    }

    static func hasKilledMerge(_ vault: Vault) -> Bool {
        vault.stateFolderProblem() == nil && FileManager.default.fileExists(atPath: mergePath(vault))
    }

    /// A sync killed after its merge wrote files but before the merge commit: each file that
    /// still holds what the merge wrote (or is still gone, for a removal) gets HEAD's version
    /// back, so it is not committed as the person's edit; a file changed since is theirs and
    /// stays. The next sync merges again. Nil when there was nothing to clean.
    static func cleanKilledMerge(_ vault: Vault, repository: Repository) -> String? {
        guard hasKilledMerge(vault) else { return nil }
        defer { clearMerge(vault) }
        guard let text = try? FileSystem.readText(mergePath(vault), followLinks: false),
              let leftovers = try? JSONDecoder().decode(MergeLeftovers.self, from: Data(text.utf8)),
              let head = (try? repository.headID()) ?? nil, head.hex == leftovers.head else { return nil }
        var paths: [String] = []
        for (path, written) in leftovers.files.sorted(by: { $0.key < $1.key }) where vault.contains(relative: path) && !vault.isLink(path) {
            let bytes = try? FileSystem.readBytes(vault.url(path), limit: Attachments.maxFileBytes, shownAs: path)
            if written.isEmpty ? bytes == nil : bytes.map(digest) == written { paths.append(path) }
        }
        guard !paths.isEmpty, (try? repository.restoreFromHead(paths: paths)) != nil else { return nil }
        return "put back \(Words.plural(paths.count, "file")) a stopped sync had half merged; this sync merges again"
    }

    private static func digest(_ bytes: [UInt8]) -> String {
        String(StableHash.fnv1a(bytes), radix: 16) + "-" + String(bytes.count)
    }
}
