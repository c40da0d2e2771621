import Foundation

/// One file-system operation of a traced run, in the terms a power cut sees it (ALICE's logical
/// operations): files are inodes, names are directory entries.
enum FSOp: Equatable {
    case create(path: String, inode: Int, mode: Int)
    case mkdir(path: String)
    /// `inode` is the file the name pointed at in the traced run (nil for a folder): a rename or
    /// link that reached the disk carries its inode with it, even if the name it came from did not.
    case rename(from: String, to: String, inode: Int?)
    case link(from: String, to: String, inode: Int?)
    case unlink(path: String)
    case rmdir(path: String)
    case write(inode: Int, offset: Int, bytes: [UInt8])
    case truncate(inode: Int, size: Int)
    /// fsync or fdatasync of a file (by inode) or of a folder (by path).
    case fsync(inode: Int?, folder: String?)

    var isBarrier: Bool { if case .fsync = self { return true } else { return false } }
}

/// Reads an `strace -f -yy -xx -s BIG` log into `FSOp`s that touch files under `root`, following
/// every process and thread: the file descriptors each one holds (shared by threads, copied by
/// a fork), its position in each file (write, lseek, O_APPEND), its working folder, and which
/// inode every name points at, so later calls on a descriptor reach the right file even after
/// it was renamed.
final class FSTraceReader {
    static let calls = ["open", "openat", "creat", "write", "pwrite64", "writev", "pwritev", "lseek", "ftruncate", "truncate",
                        "fsync", "fdatasync", "rename", "renameat", "renameat2", "link", "linkat", "unlink", "unlinkat",
                        "mkdir", "mkdirat", "rmdir", "close", "dup", "dup2", "dup3", "fcntl", "chdir", "fchdir",
                        "clone", "clone3", "fork", "vfork"]

    final class Description { var inode: Int?; var folder: String?; var position = 0; var append = false }
    final class Table { var fds: [Int: Description] = [:] }

    let root: String
    private(set) var ops: [FSOp] = []
    /// For each operation, whether a child process (git) made it rather than the command itself.
    private(set) var byChild: [Bool] = []
    private var children: Set<Int> = []
    private var current = 0
    /// The state as the traced run left it (name → inode), kept up to date while reading.
    private(set) var files: [String: Int]
    private(set) var folders: Set<String>
    private(set) var sizes: [Int: Int]
    private var nextInode: Int
    private var tables: [Int: Table] = [:]
    private var cwd: [Int: String] = [:]
    private var pending: [Int: String] = [:]
    private var clones: [(parent: Int, shares: Bool)] = []
    private var firstPid: Int?
    /// Writes whose descriptor was not seen being opened (placed at the end of the file).
    private(set) var guessed = 0

    init(root: String, base: CrashModel, cwd start: String) {
        self.root = root
        files = base.files
        folders = base.folders
        sizes = base.contents.mapValues(\.count)
        nextInode = (base.contents.keys.max() ?? 0) + 1
        startCwd = start
    }
    private let startCwd: String

    func read(_ text: String) {
        for raw in text.split(separator: "\n") { line(String(raw)) }
    }

    // MARK: lines

    private func line(_ raw: String) {
        var rest = Substring(raw)
        var pid = firstPid ?? -1
        if let first = rest.first, first.isNumber {
            pid = Int(rest.prefix { $0.isNumber })!
            rest = rest.drop { $0.isNumber }.drop { $0 == " " }
        }
        if firstPid == nil { firstPid = pid; tables[pid] = Table(); cwd[pid] = startCwd }
        if rest.hasPrefix("---") || rest.hasPrefix("+++") { return }
        var text = String(rest)
        if text.hasSuffix(" <unfinished ...>") {
            text.removeLast(" <unfinished ...>".count)
            pending[pid] = text
            if text.hasPrefix("clone") || text.hasPrefix("vfork") || text.hasPrefix("fork") { noteClone(pid, text) }
            return
        }
        if text.hasPrefix("<... ") {
            guard let start = pending.removeValue(forKey: pid), let r = text.range(of: " resumed>") else { return }
            text = start + text[r.upperBound...]
        } else if text.hasPrefix("clone") || text.hasPrefix("vfork") || text.hasPrefix("fork") {
            noteClone(pid, text)
        }
        adopt(pid)
        // strace pads a short line with spaces so that " = " starts at column 40: a resumed call
        // (`<... openat resumed>)             = 3`) is short whatever its arguments were. With
        // `-xx` no string or path holds a literal " = ", so the last one is the result's.
        guard let open = text.firstIndex(of: "("), let equals = text.range(of: " = ", options: .backwards) else { return }
        var end = equals.lowerBound
        while end > open, text[text.index(before: end)] == " " { end = text.index(before: end) }
        guard end > text.index(after: open), text[text.index(before: end)] == ")" else { return }
        let name = String(text[..<open])
        let args = FSTraceReader.split(text[text.index(after: open)..<text.index(before: end)])
        let ret = String(text[equals.upperBound...])
        guard let value = Int(ret.prefix { $0 == "-" || $0.isNumber }), value >= 0 else { return }
        call(pid, name, args, value, ret)
    }

    private func noteClone(_ pid: Int, _ text: String) {
        clones.append((pid, text.contains("CLONE_FILES")))
    }

    /// A process seen for the first time inherits from the oldest clone not yet claimed.
    private func adopt(_ pid: Int) {
        guard tables[pid] == nil else { return }
        let (parent, shares) = clones.isEmpty ? (firstPid!, false) : clones.removeFirst()
        let from = tables[parent] ?? Table()
        if shares { tables[pid] = from } else { let t = Table(); t.fds = from.fds; tables[pid] = t }
        if !shares || children.contains(parent) { children.insert(pid) }
        cwd[pid] = cwd[parent] ?? startCwd
    }

    // MARK: calls

    private func call(_ pid: Int, _ name: String, _ a: [String], _ ret: Int, _ retText: String) {
        let table = tables[pid]!
        current = pid
        switch name {
        case "clone", "clone3", "fork", "vfork":
            // The child may already have been adopted (it ran first); otherwise adopt it now.
            if tables[ret] == nil, let i = clones.lastIndex(where: { $0.parent == pid }) {
                clones.insert(clones.remove(at: i), at: 0)
                adopt(ret)
            } else if ret > 0, let adopted = tables[ret] {
                // Adopted early from the oldest clone; the return says which clone it was. A
                // process given a thread's shared table gets a table of its own from here on.
                let shares = name.hasPrefix("clone") && a.joined(separator: ",").contains("CLONE_FILES")
                let parentTable = tables[pid]
                if !shares, adopted === parentTable || tables.contains(where: { $0.key != ret && $0.value === adopted }) {
                    let own = Table()
                    own.fds = adopted.fds
                    tables[ret] = own
                    children.insert(ret)
                }
            }
        case "open", "openat", "creat":
            let (dirArg, pathArg, flags) = name == "openat" ? (a[0], a[1], a[2]) : ("", a[0], name == "creat" ? "O_CREAT|O_WRONLY|O_TRUNC" : a[1])
            if let d = decoration(dirArg), dirArg.hasPrefix("AT_FDCWD") { cwd[pid] = d }
            let path = decoration(retText) ?? resolve(pid, dirArg, pathArg)
            let d = Description()
            d.append = flags.contains("O_APPEND")
            if let rel = relative(path) {
                if folders.contains(rel) || flags.contains("O_DIRECTORY") {
                    d.folder = rel
                } else {
                    if flags.contains("O_CREAT"), files[rel] == nil {
                        let mode = Int((name == "creat" ? a[1] : a.count > 3 ? a[3] : "0644").dropFirst(), radix: 8) ?? 0o644
                        files[rel] = nextInode; sizes[nextInode] = 0
                        emit(.create(path: rel, inode: nextInode, mode: mode))
                        nextInode += 1
                    } else if flags.contains("O_TRUNC"), let inode = files[rel], !flags.contains("O_RDONLY") {
                        emit(.truncate(inode: inode, size: 0))
                    }
                    d.inode = files[rel]
                }
            }
            table.fds[ret] = d
        case "write", "pwrite64", "writev", "pwritev":
            guard let (d, inode) = file(table, a[0]) else { return }
            let bytes = Array((name.hasSuffix("v") ? Array(FSTraceReader.strings(a[1]).joined()) : FSTraceReader.bytes(a[1])).prefix(ret))
            let offset: Int
            if name.hasPrefix("p") { offset = Int(a[3]) ?? 0 } else { offset = d.append ? sizes[inode] ?? 0 : d.position; d.position = offset + ret }
            sizes[inode] = max(sizes[inode] ?? 0, offset + ret)
            emit(.write(inode: inode, offset: offset, bytes: bytes))
        case "lseek":
            table.fds[fd(a[0])]?.position = ret
        case "ftruncate":
            guard let (_, inode) = file(table, a[0]), let size = Int(a[1]) else { return }
            sizes[inode] = size
            emit(.truncate(inode: inode, size: size))
        case "truncate":
            guard let rel = relative(resolve(pid, "", a[0])), let inode = files[rel], let size = Int(a[1]) else { return }
            sizes[inode] = size
            emit(.truncate(inode: inode, size: size))
        case "fsync", "fdatasync":
            if let path = decoration(a[0]), relative(path) == nil { return }
            guard let d = table.fds[fd(a[0])] ?? describe(a[0]) else { return }
            if d.inode != nil || d.folder != nil { emit(.fsync(inode: d.inode, folder: d.folder)) }
        case "rename", "renameat", "renameat2", "link", "linkat":
            let two = name.hasSuffix("at") || name == "renameat2"
            let from = two ? resolve(pid, a[0], a[1]) : resolve(pid, "", a[0])
            let to = two ? resolve(pid, a[2], a[3]) : resolve(pid, "", a[1])
            guard let f = relative(from), let t = relative(to) else { return }
            let inode = files[f]
            if name.hasPrefix("link") {
                files[t] = inode
                emit(.link(from: f, to: t, inode: inode))
            } else {
                move(f, t)
                emit(.rename(from: f, to: t, inode: inode))
            }
        case "unlink", "unlinkat", "rmdir":
            let path = name == "unlinkat" ? resolve(pid, a[0], a[1]) : resolve(pid, "", a[0])
            guard let rel = relative(path) else { return }
            if name == "rmdir" || (a.count > 2 && a[2].contains("AT_REMOVEDIR")) {
                folders.remove(rel); emit(.rmdir(path: rel))
            } else {
                files[rel] = nil; emit(.unlink(path: rel))
            }
        case "mkdir", "mkdirat":
            let path = name == "mkdirat" ? resolve(pid, a[0], a[1]) : resolve(pid, "", a[0])
            guard let rel = relative(path) else { return }
            folders.insert(rel); emit(.mkdir(path: rel))
        case "close":
            table.fds[fd(a[0])] = nil
        case "dup", "dup2", "dup3":
            table.fds[ret] = table.fds[fd(a[0])]
        case "fcntl":
            if a.count > 1, a[1].hasPrefix("F_DUPFD") { table.fds[ret] = table.fds[fd(a[0])] }
        case "chdir":
            cwd[pid] = resolve(pid, "", a[0])
        case "fchdir":
            if let d = decoration(a[0]) { cwd[pid] = d }
        default:
            break
        }
    }

    private func emit(_ op: FSOp) { ops.append(op); byChild.append(children.contains(current)) }

    private func move(_ from: String, _ to: String) {
        if let inode = files.removeValue(forKey: from) { files[to] = inode; return }
        guard folders.contains(from) else { return }
        for f in folders where f == from || f.hasPrefix(from + "/") { folders.remove(f); folders.insert(to + f.dropFirst(from.count)) }
        for (p, i) in files where p.hasPrefix(from + "/") { files[p] = nil; files[to + p.dropFirst(from.count)] = i }
    }

    /// The description and inode of a file descriptor argument like `5</path>`.
    private func file(_ table: Table, _ arg: String) -> (Description, Int)? {
        // strace's path for the descriptor is the truth about what it is now: a descriptor
        // inherited across exec may have been closed (O_CLOEXEC) and its number reused for a pipe.
        if let path = decoration(arg), relative(path) == nil { return nil }
        if let d = table.fds[fd(arg)], let inode = d.inode {
            // A child is matched to the clone that made it by the order strace shows them in; when
            // two processes clone at once (a thread and a fork), a forked git can be given a
            // thread's shared table, and its descriptor then names another process's file. The
            // path strace shows is the truth: a name that is another file's now means the table
            // was wrong, and the write goes to that file, from its end.
            if let path = decoration(arg), let rel = relative(path), let actual = files[rel], actual != inode {
                let fixed = Description()
                fixed.inode = actual
                fixed.position = sizes[actual] ?? 0
                table.fds[fd(arg)] = fixed
                return (fixed, actual)
            }
            return (d, inode)
        }
        guard let d = describe(arg), let inode = d.inode else {
            // A write to a file in the vault that the reader does not know: a call it missed.
            if let path = decoration(arg), !path.hasSuffix(" (deleted)"), let rel = relative(path), !folders.contains(rel) { guessed += 1 }
            return nil
        }
        guessed += 1
        d.append = true
        return (d, inode)
    }

    /// A descriptor the trace never saw opened, known only by the path strace shows for it.
    private func describe(_ arg: String) -> Description? {
        guard let path = decoration(arg), let rel = relative(path) else { return nil }
        let d = Description()
        if folders.contains(rel) { d.folder = rel } else { d.inode = files[rel] }
        return d.inode == nil && d.folder == nil ? nil : d
    }

    private func fd(_ arg: String) -> Int { Int(arg.prefix { $0.isNumber }) ?? -1 }

    /// The path strace prints after a descriptor: `3<\x2f\x74…>` (a nested `<char 1:3>` is dropped).
    private func decoration(_ arg: String) -> String? {
        guard let open = arg.firstIndex(of: "<") else { return nil }
        let inner = arg[arg.index(after: open)...].prefix { $0 != "<" && $0 != ">" }
        return String(decoding: FSTraceReader.unescape(inner), as: UTF8.self)
    }

    private func resolve(_ pid: Int, _ dirArg: String, _ pathArg: String) -> String {
        let path = String(decoding: FSTraceReader.bytes(pathArg), as: UTF8.self)
        if path.hasPrefix("/") { return FSTraceReader.normalize(path) }
        let base = (dirArg.isEmpty || dirArg.hasPrefix("AT_FDCWD") ? nil : decoration(dirArg)) ?? cwd[pid] ?? startCwd
        return FSTraceReader.normalize(base + "/" + path)
    }

    private func relative(_ path: String) -> String? {
        guard path.hasPrefix(root + "/") else { return nil }
        return String(path.dropFirst(root.count + 1))
    }

    // MARK: strace's notation

    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for p in path.split(separator: "/") where p != "." {
            if p == ".." { _ = parts.popLast() } else { parts.append(p) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Arguments split at top-level commas.
    static func split(_ s: Substring) -> [String] {
        var result: [String] = [], current = "", depth = 0, quoted = false, escaped = false
        for c in s {
            if quoted {
                current.append(c)
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { quoted = false }
                continue
            }
            switch c {
            case "\"": quoted = true; current.append(c)
            case "(", "[", "{", "<": depth += 1; current.append(c)
            case ")", "]", "}", ">": depth -= 1; current.append(c)
            case "," where depth == 0: result.append(current.trimmingCharacters(in: .whitespaces)); current = ""
            default: current.append(c)
            }
        }
        result.append(current.trimmingCharacters(in: .whitespaces))
        return result
    }

    /// The bytes of the first quoted string in an argument.
    static func bytes(_ arg: String) -> [UInt8] { strings(arg).first ?? [] }

    /// The bytes of every quoted string in an argument (`writev`'s iovecs).
    static func strings(_ arg: String) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var rest = Substring(arg)
        while let q = rest.firstIndex(of: "\"") {
            var end = rest.index(after: q), escaped = false
            while end < rest.endIndex {
                let c = rest[end]
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { break }
                end = rest.index(after: end)
            }
            result.append(unescape(rest[rest.index(after: q)..<end]))
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : ""
        }
        return result
    }

    static func unescape(_ s: Substring) -> [UInt8] {
        var out: [UInt8] = []
        let u = Array(s.utf8)
        var i = 0
        while i < u.count {
            if u[i] == UInt8(ascii: "\\"), i + 1 < u.count {
                let c = u[i + 1]
                if c == UInt8(ascii: "x"), i + 3 < u.count, let v = UInt8(String(decoding: u[(i + 2)...(i + 3)], as: UTF8.self), radix: 16) {
                    out.append(v); i += 4; continue
                }
                let simple: [UInt8: UInt8] = [UInt8(ascii: "n"): 10, UInt8(ascii: "t"): 9, UInt8(ascii: "r"): 13, UInt8(ascii: "0"): 0,
                                              UInt8(ascii: "\\"): 92, UInt8(ascii: "\""): 34]
                if let v = simple[c] { out.append(v); i += 2; continue }
            }
            out.append(u[i]); i += 1
        }
        return out
    }
}
