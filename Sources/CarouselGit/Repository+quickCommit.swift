import Foundation
internal import Clibgit2
#if canImport(Glibc)
import Glibc
#endif

extension Repository {
    /// The new root tree for a commit of `paths` on top of `base` (HEAD's commit), with git's index
    /// brought up to date for those paths, both done on bytes: the index file is copied with
    /// just those entries changed (`GitIndexFile`), and only the trees on their paths are
    /// written, each from its old bytes with the changed entries spliced in. libgit2 would parse
    /// the whole index into memory and back, and load each tree on the path into a tree builder
    /// (a hash map of every entry) to sort and write it again.
    ///
    /// Nil when this route does not apply, and nothing was changed then (blobs aside, which are
    /// harmless): an index that is not plain, a path that is not a regular file or changes its
    /// mode, a new or emptied folder. The caller then takes libgit2's route.
    func quickTree(paths: [String], base commit: OpaquePointer) throws -> git_oid? {
        guard !paths.isEmpty, paths.allSatisfy(Self.isPlainPath),
              let index = GitIndexFile.read(gitDirectory + "/index", finding: paths) else { return nil }
        // Entries git would not trust by their stat data are kept only if the file still holds
        // the recorded blob (git's own check); otherwise libgit2 marks them as it writes.
        guard index.racy.count <= 32 else { return nil }
        // libgit2 looks up `.gitattributes` in the index as well as in the work tree to choose a
        // file's filters, and loads the whole index to do it: while blobs are hashed and made,
        // it is given an index holding just those entries, which answers the same.
        let changes: [String: GitIndexFile.Entry?]? = try withIndex(of: index.attributes) {
            for (path, id) in index.racy {
                // Only a regular file is hashed: `git_repository_hashfile` follows a link, and a
                // link a peer pushed may lead to a FIFO, whose open waits forever.
                var oid = git_oid()
                guard Self.isRegularFile((workdir as NSString).appendingPathComponent(path)),
                      git_repository_hashfile(&oid, pointer, path, GIT_OBJECT_BLOB, nil) == 0, Self.bytes(oid) == id else { return nil }
            }
            return try entries(paths, in: index)
        }
        guard let changes else { return nil }
        guard var rootID = git_commit_tree_id(commit)?.pointee else { return nil }
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, pointer), "git_repository_odb")
        defer { git_odb_free(odb) }
        let updates = changes.map { (components: $0.key.split(separator: "/").map { Array($0.utf8) }[...], entry: $0.value) }
        var folders: [String: CacheTree.Change] = [:]
        guard let newRoot = try splice(tree: &rootID, folder: "", updates: updates, odb: odb, folders: &folders) else { return nil }
        // A folder whose tree did not change may still hold changed index entries (a file
        // staged by git, now set back to HEAD's version): its cache-tree entry is invalidated.
        for path in changes.keys {
            var folder = ""
            for part in path.split(separator: "/").dropLast() {
                if folders[folder] == nil { folders[folder] = CacheTree.Change(old: [], new: [], delta: 0) }
                folder += (folder.isEmpty ? "" : "/") + part
            }
            if folders[folder] == nil { folders[folder] = CacheTree.Change(old: [], new: [], delta: 0) }
        }
        var cacheTree = index.cacheTree
        cacheTree?.apply(folders)
        try GitIndexFile.write(index.patched(changes, cacheTree: cacheTree), gitDirectory: gitDirectory)
        return newRoot
    }

    /// Whether `path` is a regular file, asked with an open that never follows a link or waits
    /// (`O_NOFOLLOW | O_NONBLOCK`) and `fstat`.
    static func isRegularFile(_ path: String) -> Bool {
        let fd = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var st = stat()
        return fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }

    /// The index entries for `paths` as they are in the work tree now, their blobs written; nil
    /// when one is not a regular file or changes its mode (libgit2's route handles those).
    private func entries(_ paths: [String], in index: GitIndexFile) throws -> [String: GitIndexFile.Entry?]? {
        var changes: [String: GitIndexFile.Entry?] = [:]
        for path in paths {
            var st = stat()
            guard lstat(workdir + "/" + path, &st) == 0 else {
                guard errno == ENOENT || errno == ENOTDIR else { return nil }
                changes[path] = .some(nil)
                continue
            }
            guard (st.st_mode & S_IFMT) == S_IFREG else { return nil }
            let mode: UInt32 = st.st_mode & 0o111 != 0 ? 0o100755 : 0o100644
            switch index.slots[path] {
            case let .entry(_, old, _)?: if old != mode { return nil }
            default: if mode != 0o100644 { return nil }
            }
            var blob = git_oid()
            try check(git_blob_create_from_workdir(&blob, pointer, path), "git_blob_create_from_workdir")
            try requireObject(&blob, "git_blob_create_from_workdir")
            changes[path] = GitIndexFile.Entry(stat: st, mode: mode, id: Self.bytes(blob))
        }
        return changes
    }

    /// Runs `body` with the repository's index replaced by an in-memory one holding `entries`,
    /// then lets the repository load its index from disk again when next needed.
    private func withIndex<T>(of entries: [(path: String, mode: UInt32, id: [UInt8])], _ body: () throws -> T) throws -> T {
        var small: OpaquePointer?
        try check(git_index_new(&small), "git_index_new")
        defer { git_index_free(small) }
        for e in entries {
            var entry = git_index_entry()
            entry.mode = e.mode
            withUnsafeMutableBytes(of: &entry.id.id) { $0.copyBytes(from: e.id) }
            try e.path.withCString { path in
                entry.path = path
                try check(git_index_add(small, &entry), "git_index_add")
            }
        }
        try check(git_repository_set_index(pointer, small), "git_repository_set_index")
        defer { git_repository_set_index(pointer, nil) }
        return try body()
    }

    private typealias Update = (components: ArraySlice<[UInt8]>, entry: GitIndexFile.Entry?)

    /// The tree `id` with `updates` (paths relative to it) applied, written to `odb`; nil when
    /// a folder would be made or emptied. Records each changed folder in `folders`.
    private func splice(tree id: inout git_oid, folder: String, updates: [Update], odb: OpaquePointer?,
                        folders: inout [String: CacheTree.Change]) throws -> git_oid? {
        var object: OpaquePointer?
        try check(git_odb_read(&object, odb, &id), "git_odb_read")
        defer { git_odb_object_free(object) }
        guard git_odb_object_type(object) == GIT_OBJECT_TREE, let data = git_odb_object_data(object) else { return nil }
        let old = Array(UnsafeRawBufferPointer(start: data, count: git_odb_object_size(object)))
        guard let entries = TreeBytes.entries(old) else { return nil }
        // Edits: (entry position, entries replaced there: 0 or 1, new bytes).
        var edits: [(at: Int, replaces: Int, name: [UInt8], bytes: [UInt8])] = []
        var delta = 0
        var byFolder: [[UInt8]: [Update]] = [:]
        for update in updates {
            guard let first = update.components.first else { return nil }
            if update.components.count > 1 {
                byFolder[first, default: []].append((update.components.dropFirst(), update.entry))
                continue
            }
            let at = TreeBytes.lowerBound(entries, old, name: first, isTree: false)
            let found = at < entries.count && TreeBytes.name(entries[at], old).elementsEqual(first)
            let folderAt = TreeBytes.lowerBound(entries, old, name: first, isTree: true)
            if folderAt < entries.count, entries[folderAt].isTree, TreeBytes.name(entries[folderAt], old).elementsEqual(first) { return nil }
            if let entry = update.entry {
                let mode = entry.mode == 0o100755 ? "100755" : "100644"
                edits.append((at, found ? 1 : 0, first, Array((mode + " ").utf8) + first + [0] + entry.id))
                if !found { delta += 1 }
            } else if found {
                edits.append((at, 1, first, []))
                delta -= 1
            }
        }
        for (name, inner) in byFolder {
            let at = TreeBytes.lowerBound(entries, old, name: name, isTree: true)
            guard at < entries.count, entries[at].isTree, TreeBytes.name(entries[at], old).elementsEqual(name) else { return nil }
            var childID = git_oid()
            withUnsafeMutableBytes(of: &childID.id) { $0.copyBytes(from: old[(entries[at].end - 20)..<entries[at].end]) }
            let path = (folder.isEmpty ? "" : folder + "/") + String(decoding: name, as: UTF8.self)
            guard let newChild = try splice(tree: &childID, folder: path, updates: inner, odb: odb, folders: &folders) else { return nil }
            delta += folders[path]?.delta ?? 0
            edits.append((at, 1, name, Array("40000 ".utf8) + name + [0] + Self.bytes(newChild)))
        }
        edits.sort { a, b in
            if a.at != b.at { return a.at < b.at }
            return a.replaces != b.replaces ? a.replaces < b.replaces : a.name.lexicographicallyPrecedes(b.name)
        }
        var out: [UInt8] = []
        out.reserveCapacity(old.count + 128)
        var copied = 0
        for edit in edits {
            let start = edit.at < entries.count ? entries[edit.at].start : old.count
            out += old[copied..<start]
            out += edit.bytes
            copied = edit.replaces == 1 ? entries[edit.at].end : start
        }
        out += old[copied...]
        if out == old { return id }
        guard !out.isEmpty else { return nil }
        guard let common = git_repository_commondir(pointer) else { return nil }
        var newID = try LooseObject.write(out, type: "tree", objects: String(cString: common) + "objects")
        try requireObject(&newID, "LooseObject.write")
        folders[folder] = CacheTree.Change(old: Self.bytes(id), new: Self.bytes(newID), delta: delta)
        return newID
    }

    /// libgit2 can report success for an object that never reached a full disk.
    private func requireObject(_ id: inout git_oid, _ function: String) throws {
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, pointer), "git_repository_odb")
        defer { git_odb_free(odb) }
        guard git_odb_exists(odb, &id) != 0 else {
            var reason = "no reason given"
            if let error = git_error_last(), let text = error.pointee.message { reason = String(cString: text) }
            throw GitError(code: -1, function: function, message: "the object was not written: \(reason)")
        }
    }

    static func bytes(_ oid: git_oid) -> [UInt8] {
        withUnsafeBytes(of: oid.id) { Array($0) }
    }

    /// A relative path git would take as is: no empty, `.`, `..` or `.git` part.
    private static func isPlainPath(_ path: String) -> Bool {
        !path.isEmpty && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part != "." && part != ".." && part.lowercased() != ".git"
        }
    }
}

/// A tree object's entries (`MODE NAME\0ID`) located in its bytes, in git's order.
enum TreeBytes {
    struct Entry {
        var start: Int, nameStart: Int, nameEnd: Int, end: Int
        var isTree: Bool
    }

    static func entries(_ bytes: [UInt8]) -> [Entry]? {
        var out: [Entry] = []
        var at = 0
        while at < bytes.count {
            guard let space = bytes[at...].firstIndex(of: 32), let nul = bytes[space...].firstIndex(of: 0), nul + 21 <= bytes.count else { return nil }
            out.append(Entry(start: at, nameStart: space + 1, nameEnd: nul, end: nul + 21, isTree: bytes[at] == 52 /* "4" */))
            at = nul + 21
        }
        return out
    }

    static func name(_ e: Entry, _ bytes: [UInt8]) -> ArraySlice<UInt8> { bytes[e.nameStart..<e.nameEnd] }

    /// The first entry that does not sort before `name` (a folder sorts as if its name ended in `/`).
    static func lowerBound(_ entries: [Entry], _ bytes: [UInt8], name: [UInt8], isTree: Bool) -> Int {
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if precedes(bytes[entries[mid].nameStart..<entries[mid].nameEnd], entries[mid].isTree, name[...], isTree) {
                low = mid + 1
            } else {
                high = mid
            }
        }
        return low
    }

    /// git's tree order (`base_name_compare`).
    static func precedes(_ a: ArraySlice<UInt8>, _ aTree: Bool, _ b: ArraySlice<UInt8>, _ bTree: Bool) -> Bool {
        for (x, y) in zip(a, b) where x != y { return x < y }
        let n = min(a.count, b.count)
        let ca: UInt8 = a.count > n ? a[a.startIndex + n] : (aTree ? 47 : 0)
        let cb: UInt8 = b.count > n ? b[b.startIndex + n] : (bTree ? 47 : 0)
        return ca < cb
    }
}
