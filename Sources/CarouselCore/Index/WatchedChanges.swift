import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Turns the names Watchman reports under `cards/` into what the refresh must do: each card file
/// named, with its stamp now (nil when it is gone), and the other entries (`cardOthers`) brought
/// up to date. Only those files are stat'ed and only their rows are looked up
/// (`CardIndex.syncWatched`): the listing of every card is not read. A name the walk would treat
/// in a way this cannot follow (a link, a folder added or removed) sends the refresh back to its
/// walk.
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

    /// The card files Watchman named, each with its stamp now, and the other entries after them.
    struct Named: Equatable {
        var files: [(path: String, stamp: FileStamp?)]
        var others: [String]

        static func == (a: Named, b: Named) -> Bool {
            a.others == b.others && a.files.elementsEqual(b.files) { $0.path == $1.path && $0.stamp == $1.stamp }
        }
    }

    static func named(_ reported: [WatchmanAnswer.File], root: String, others: [String]) -> Result<Named, Unsure> {
        var named = Named(files: [], others: others)
        let dir = Vault.cardsDir
        for file in reported {
            let parts = file.name.split(separator: "/", omittingEmptySubsequences: false)
            // The walk enters no hidden folder: nothing under one is listed.
            if parts.dropLast().contains(where: { $0.hasPrefix(".") }) { continue }
            let path = dir + "/" + file.name
            let exists = file.exists ?? true
            let last = parts.last ?? ""
            if last.hasPrefix(".") {
                setOther(path, exists, &named.others)
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
                named.files.append((path, stamp))
            default:
                setOther(path, exists, &named.others)
            }
        }
        return .success(named)
    }

    private static func setOther(_ path: String, _ exists: Bool, _ others: inout [String]) {
        let at = others.firstIndex { $0.utf8.elementsEqual(path.utf8) }
        if exists, at == nil { others.append(path) }
        if !exists, let at { others.remove(at: at) }
    }
}
