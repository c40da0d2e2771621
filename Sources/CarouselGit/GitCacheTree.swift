/// The cache tree git keeps in its index (the `TREE` extension): for each folder, how many
/// index entries it holds and, when still valid, the id of the tree they make. `git commit`
/// writes only the folders whose entry is invalid; `Repository.indexMatchesHead` trusts a valid
/// root that names HEAD's tree, as `git commit` does.
struct CacheTree {
    /// The folder's name (empty for the root).
    var name: [UInt8]
    /// Index entries under the folder; -1 when the entry is invalid.
    var entries: Int
    /// The tree id (20 bytes) when valid.
    var id: [UInt8]?
    var children: [CacheTree]

    static func parse(_ bytes: [UInt8]) -> CacheTree? {
        var at = 0
        guard let root = node(bytes, &at), at == bytes.count else { return nil }
        return root
    }

    private static func node(_ b: [UInt8], _ at: inout Int) -> CacheTree? {
        guard let nul = b[at...].firstIndex(of: 0), let lf = b[nul...].firstIndex(of: 10) else { return nil }
        let name = Array(b[at..<nul])
        let counts = String(decoding: b[(nul + 1)..<lf], as: UTF8.self).split(separator: " ")
        guard counts.count == 2, let entries = Int(counts[0]), let subtrees = Int(counts[1]), subtrees >= 0 else { return nil }
        at = lf + 1
        var id: [UInt8]?
        if entries >= 0 {
            guard at + 20 <= b.count else { return nil }
            id = Array(b[at..<(at + 20)])
            at += 20
        }
        var children: [CacheTree] = []
        for _ in 0..<subtrees {
            guard let child = node(b, &at) else { return nil }
            children.append(child)
        }
        return CacheTree(name: name, entries: entries, id: id, children: children)
    }

    func encoded() -> [UInt8] {
        var out = name + [0] + Array("\(id == nil ? -1 : entries) \(children.count)\n".utf8)
        if let id { out += id }
        for child in children { out += child.encoded() }
        return out
    }

    /// A folder that changed: its tree before and after, and how many index entries it gained
    /// (an empty `old` invalidates the folder's entry).
    struct Change {
        var old: [UInt8]
        var new: [UInt8]
        var delta: Int
    }

    /// Brings the folders in `changes` (by `/`-separated path, "" for the root) up to date: a
    /// folder whose entry was valid and named the old tree now names the new one; any other
    /// folder on a changed path is marked invalid, so git rebuilds it when it needs it.
    mutating func apply(_ changes: [String: Change], path: String = "") {
        if let change = changes[path] {
            if let current = id, entries >= 0, current == change.old {
                id = change.new
                entries += change.delta
            } else {
                id = nil
                entries = -1
            }
        }
        for i in children.indices {
            let childPath = (path.isEmpty ? "" : path + "/") + String(decoding: children[i].name, as: UTF8.self)
            if changes[childPath] != nil { children[i].apply(changes, path: childPath) }
        }
    }
}
