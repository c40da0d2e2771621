import CarouselGit

/// Paths that are a symbolic link on any side of a merge. Their bytes are a link's target, not
/// a card, so they get git's rule instead of the card merge: a link only the other device
/// changed is taken exactly as it was committed (a link stays a link, and is never followed);
/// a link both sides changed keeps this device's version, with a note.
enum MergeLinks {
    /// The paths among `paths` that are a link in the base, ours or theirs.
    static func linkPaths(_ paths: Set<String>, repo: Repository, base: ObjectID?, ours: ObjectID, theirs: ObjectID) throws -> Set<String> {
        var links = Set<String>()
        for commit in [base, ours, theirs].compactMap({ $0 }) {
            for entry in try repo.entries(at: commit) where entry.isLink && paths.contains(entry.path) { links.insert(entry.path) }
        }
        return links
    }

    /// Brings the work tree's link paths to the merge result. Returns the paths to commit and
    /// the notes for the person.
    static func apply(_ links: Set<String>, vault: Vault, repo: Repository, theirs: ObjectID,
                      base: [String: ObjectID], ours: [String: ObjectID], theirFiles: [String: ObjectID]) throws -> (paths: [String], notes: [MergeNote]) {
        guard !links.isEmpty else { return ([], []) }
        let theirEntries = Dictionary(try repo.entries(at: theirs).map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        var paths: [String] = []
        var notes: [MergeNote] = []
        for path in links.sorted() {
            let b = base[path], o = ours[path], t = theirFiles[path]
            if b == t || o == t { continue }
            guard b == o else {
                notes.append(MergeNote(path: path, message: "is a link and changed on both devices; this device's version is kept"))
                continue
            }
            if vault.isLink(path) || t == nil { try vault.removeEntry(path) }
            if let entry = theirEntries[path], let id = t {
                let bytes = try repo.blob(id)
                if entry.isLink {
                    try vault.placeLink(path, target: String(decoding: bytes, as: UTF8.self))
                } else {
                    try vault.write(path, text: String(decoding: bytes, as: UTF8.self))
                }
            }
            paths.append(path)
        }
        return (paths, notes)
    }
}
