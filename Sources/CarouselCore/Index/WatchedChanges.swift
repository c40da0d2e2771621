import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Turns the names Watchman reports under `cards/` into the refresh's listing: the last
/// listing with those files stat'ed again, new card files added and the other entries
/// (`cardOthers`) brought up to date. A name the walk would treat in a way this cannot follow
/// (a link, a folder added or removed) sends the refresh back to its walk.
enum WatchedChanges {
    enum Unsure: Error, Equatable {
        case link(String)
        case folder(String)

        var sentence: String {
            switch self {
            case .link(let path): return "\(path) is a link"
            case .folder(let path): return "the folder \(path) was added or removed"
            }
        }
    }

    static func apply(_ files: [WatchmanAnswer.File], to reused: (CardScan, StoredStamps), root: String,
                      others: [String]) -> Result<(CardScan, StoredStamps), Unsure> {
        let (scan, stored) = reused
        if files.isEmpty {
            for i in 0..<scan.count { scan.stamps[i] = stored.stamps[i] }
            return .success((scan, stored))
        }
        var others = others
        var changed: [(index: Int, stamp: FileStamp?)] = []
        var added: [(path: String, stamp: FileStamp)] = []
        let dir = Vault.cardsDir
        let found: [Int?] = scan.bytes.withUnsafeBytes { raw in
            let table = PathTable(bytes: raw, start: scan.start)
            return files.map { file in Array((dir + "/" + file.name).utf8).withUnsafeBytes { table.find($0) } }
        }
        for (file, at) in zip(files, found) {
            let parts = file.name.split(separator: "/", omittingEmptySubsequences: false)
            // The walk enters no hidden folder: nothing under one is listed.
            if parts.dropLast().contains(where: { $0.hasPrefix(".") }) { continue }
            let path = dir + "/" + file.name
            let exists = file.exists ?? true
            let last = parts.last ?? ""
            if last.hasPrefix(".") {
                setOther(path, exists, &others)
                continue
            }
            switch file.type {
            case "d":
                // A folder that was there already changes when an entry comes or goes: the entry
                // is reported itself. One that came or went is walked.
                if exists, file.new != true { continue }
                return .failure(.folder(path))
            case "l":
                return .failure(.link(path))
            case "f" where last.utf8.count > 3 && last.hasSuffix(".md"):
                var stamp: FileStamp?
                if exists {
                    var st = stat()
                    if lstat(root + "/" + path, &st) == 0 {
                        switch st.st_mode & S_IFMT {
                        case S_IFREG: stamp = FileStamp(size: Int64(st.st_size),
                                                        mtime: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec),
                                                        inode: UInt64(st.st_ino))
                        case S_IFLNK: return .failure(.link(path))
                        case S_IFDIR: return .failure(.folder(path))
                        default: break
                        }
                    }
                }
                if let at {
                    changed.append((at, stamp))
                } else if let stamp {
                    added.append((path, stamp))
                }
            default:
                setOther(path, exists, &others)
            }
        }
        if changed.isEmpty, added.isEmpty, others == scan.others {
            for i in 0..<scan.count { scan.stamps[i] = stored.stamps[i] }
            return .success((scan, stored))
        }
        var bytes = scan.bytes
        var start = scan.start
        for file in added {
            start.append(Int32(truncatingIfNeeded: bytes.count))
            bytes += Array(file.path.utf8) + [0]
        }
        let out = CardScan(reusing: dir, root: root, bytes: bytes, start: start, others: others)
        for i in 0..<scan.count { out.stamps[i] = stored.stamps[i] }
        for (i, stamp) in changed { out.stamps[i] = stamp }
        for (j, file) in added.enumerated() { out.stamps[scan.count + j] = file.stamp }
        return .success((out, StoredStamps(stored, adding: added.count)))
    }

    private static func setOther(_ path: String, _ exists: Bool, _ others: inout [String]) {
        let at = others.firstIndex { $0.utf8.elementsEqual(path.utf8) }
        if exists, at == nil { others.append(path) }
        if !exists, let at { others.remove(at: at) }
    }
}
