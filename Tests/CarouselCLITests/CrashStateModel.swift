import Foundation

/// Files under a root as a power cut may leave them: folders, names pointing at inodes, and each
/// inode's bytes and mode. Built from the disk before a command, then changed by replaying some
/// of the command's `FSOp`s, then written back in place of the real folders.
struct CrashModel {
    var folders: Set<String> = []
    var files: [String: Int] = [:]
    var contents: [Int: [UInt8]] = [:]
    var modes: [Int: Int] = [:]

    /// The folders `subfolders` of `root`, as they are on disk now.
    static func read(root: URL, subfolders: [String]) throws -> CrashModel {
        var m = CrashModel()
        let fm = FileManager.default
        for sub in subfolders {
            m.folders.insert(sub)
            guard let e = fm.enumerator(atPath: root.appendingPathComponent(sub).path) else { continue }
            while let rel = e.nextObject() as? String {
                let path = sub + "/" + rel
                let attributes = try fm.attributesOfItem(atPath: root.path + "/" + path)
                switch attributes[.type] as? FileAttributeType {
                case .typeDirectory?: m.folders.insert(path)
                case .typeRegular?:
                    let inode = m.contents.count + 1
                    m.files[path] = inode
                    m.contents[inode] = Array(try Data(contentsOf: root.appendingPathComponent(path)))
                    m.modes[inode] = (attributes[.posixPermissions] as? Int) ?? 0o644
                default: continue
                }
            }
        }
        return m
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    private func hasFolder(_ path: String) -> Bool { path.isEmpty || folders.contains(path) }

    /// How the last operation of a crash state is cut short.
    enum Torn { case half, zeros }

    mutating func apply(_ op: FSOp, torn: Torn? = nil) {
        switch op {
        case let .create(path, inode, mode):
            guard hasFolder(CrashModel.parent(path)) else { return }
            files[path] = inode
            contents[inode] = contents[inode] ?? []
            modes[inode] = mode
        case let .write(inode, offset, bytes):
            let data: [UInt8]
            switch torn {
            case .half?: data = Array(bytes.prefix(bytes.count / 2))
            case .zeros?: data = [UInt8](repeating: 0, count: bytes.count)
            case nil: data = bytes
            }
            var c = contents[inode] ?? []
            if c.count < offset + data.count { c += [UInt8](repeating: 0, count: offset + data.count - c.count) }
            c.replaceSubrange(offset..<(offset + data.count), with: data)
            contents[inode] = c
        case let .truncate(inode, size):
            var c = contents[inode] ?? []
            if c.count > size { c.removeLast(c.count - size) } else { c += [UInt8](repeating: 0, count: size - c.count) }
            contents[inode] = c
        case let .rename(from, to, inode):
            guard hasFolder(CrashModel.parent(to)) else { return }
            if let inode {
                if files[from] == inode { files[from] = nil }
                files[to] = inode
            } else if folders.contains(from) {
                for f in folders where f == from || f.hasPrefix(from + "/") { folders.remove(f); folders.insert(to + f.dropFirst(from.count)) }
                for (p, i) in files where p.hasPrefix(from + "/") { files[p] = nil; files[to + p.dropFirst(from.count)] = i }
            }
        case let .link(_, to, inode):
            guard hasFolder(CrashModel.parent(to)), let inode else { return }
            files[to] = inode
        case let .unlink(path):
            files[path] = nil
        case let .rmdir(path):
            let inside = path + "/"
            guard !files.keys.contains(where: { $0.hasPrefix(inside) }), !folders.contains(where: { $0.hasPrefix(inside) }) else { return }
            folders.remove(path)
        case let .mkdir(path):
            if hasFolder(CrashModel.parent(path)) { folders.insert(path) }
        case .fsync:
            break
        }
    }

    /// Identifies the visible state (names, folders and bytes), to skip states already checked.
    var digest: Int {
        var h = Hasher()
        for f in folders.sorted() { h.combine(f) }
        for (path, inode) in files.sorted(by: { $0.key < $1.key }) { h.combine(path); h.combine(contents[inode] ?? []) }
        return h.finalize()
    }

    /// Replaces `subfolders` of `root` on disk with this state.
    func write(root: URL, subfolders: [String]) throws {
        let fm = FileManager.default
        for sub in subfolders { try? fm.removeItem(at: root.appendingPathComponent(sub)) }
        for f in folders.sorted(by: { $0.count < $1.count }) {
            try fm.createDirectory(at: root.appendingPathComponent(f), withIntermediateDirectories: true)
        }
        for (path, inode) in files where hasFolder(CrashModel.parent(path)) {
            let url = root.appendingPathComponent(path)
            try Data(contents[inode] ?? []).write(to: url)
            try fm.setAttributes([.posixPermissions: modes[inode] ?? 0o644], ofItemAtPath: url.path)
        }
    }
}

/// The crash states of one traced command, chosen as ALICE does rather than all subsets: at
/// every point of the trace, everything issued so far (what a killed process leaves); after each
/// write, that write torn (half of it, or zeros in its place); and at every persistence point
/// (after each fsync, and at the end) every change not yet made durable dropped at once, and each
/// such change dropped on its own.
struct CrashStates {
    struct State { let point: Int; let dropped: Set<Int>; let torn: CrashModel.Torn?; let label: String }

    let base: CrashModel
    let ops: [FSOp]
    /// For each operation, the index of the first later fsync that makes it durable: of the
    /// file for data; of the parent folder for a name (both folders for a rename, the new
    /// name's folder for a link).
    let durableAt: [Int]
    /// A name of each inode, for messages.
    let names: [Int: String]
    /// Which operations a child process (git) made.
    let byChild: [Bool]

    init(base: CrashModel, ops: [FSOp], names: [Int: String] = [:], byChild: [Bool] = []) {
        self.base = base
        self.ops = ops
        self.names = names
        self.byChild = byChild
        func firstSync(after i: Int, inode: Int? = nil, folder: String? = nil) -> Int {
            for j in (i + 1)..<max(i + 1, ops.count) {
                if case let .fsync(fi, ff) = ops[j], (inode != nil && fi == inode) || (folder != nil && ff == folder) { return j }
            }
            return Int.max
        }
        durableAt = ops.indices.map { i in
            switch ops[i] {
            case let .write(inode, _, _), let .truncate(inode, _): return firstSync(after: i, inode: inode)
            case let .create(path, _, _), let .mkdir(path), let .unlink(path), let .rmdir(path):
                return firstSync(after: i, folder: CrashModel.parent(path))
            case let .rename(from, to, _):
                return max(firstSync(after: i, folder: CrashModel.parent(from)), firstSync(after: i, folder: CrashModel.parent(to)))
            case let .link(_, to, _):
                // A link changes only the folder of its new name.
                return firstSync(after: i, folder: CrashModel.parent(to))
            case .fsync: return i
            }
        }
    }

    /// Operations issued before `point` and not yet durable there.
    func unsynced(at point: Int) -> [Int] {
        (0..<point).filter { !ops[$0].isBarrier && durableAt[$0] >= point }
    }

    /// Whether a crash at `point` can lose something a git child process wrote: the states in
    /// which git's own unflushed writes (git flushes no folder) decide what is on disk.
    func gitUnflushed(at point: Int) -> Bool {
        unsynced(at: point).contains { byChild.indices.contains($0) && byChild[$0] }
    }

    var all: [State] {
        var result: [State] = []
        for k in 0...ops.count {
            if k == 0 || !ops[k - 1].isBarrier { result.append(State(point: k, dropped: [], torn: nil, label: "after \(k) calls")) }
            if k > 0, case .write = ops[k - 1] {
                result.append(State(point: k, dropped: [], torn: .half, label: "after \(k) calls, the last write half done"))
                result.append(State(point: k, dropped: [], torn: .zeros, label: "after \(k) calls, the last write zeros"))
            }
            guard k == ops.count || (k > 0 && ops[k - 1].isBarrier) else { continue }
            let pending = unsynced(at: k)
            guard !pending.isEmpty else { continue }
            result.append(State(point: k, dropped: Set(pending), torn: nil, label: "after \(k) calls, all \(pending.count) unsynced lost"))
            for i in pending {
                result.append(State(point: k, dropped: [i], torn: nil, label: "after \(k) calls, #\(i) lost (\(describe(i)))"))
            }
        }
        return result
    }

    func model(_ state: State) -> CrashModel {
        var m = base
        for i in 0..<state.point where !state.dropped.contains(i) {
            m.apply(ops[i], torn: i == state.point - 1 ? state.torn : nil)
        }
        return m
    }

    func describe(_ i: Int) -> String {
        switch ops[i] {
        case let .create(path, _, _): return "create " + path
        case let .mkdir(path): return "mkdir " + path
        case let .rename(from, to, _): return "rename \(from) → \(to)"
        case let .link(from, to, _): return "link \(from) → \(to)"
        case let .unlink(path): return "unlink " + path
        case let .rmdir(path): return "rmdir " + path
        case let .write(inode, offset, bytes): return "write \(bytes.count) bytes at \(offset) to \(names[inode] ?? "inode \(inode)")"
        case let .truncate(inode, size): return "truncate \(names[inode] ?? "inode \(inode)") to \(size)"
        case .fsync: return "fsync"
        }
    }
}
