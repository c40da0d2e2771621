import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// A fresh index is built in a file of its own and renamed into place. In the index's usual
/// write-ahead log, a cold build wrote every page twice, once to the log and once more when the
/// log was copied into the file (at 100,000 cards, 68 MB each time): the file being built has
/// no journal and is flushed to the disk once, whole, before the rename. A crash or a power cut
/// leaves only the file being built, which no command opens: the next rebuild removes it.
extension CardIndex {
    /// Suffix of the file being built, followed by the builder's process id.
    static let asideSuffix = ".building-"

    /// `syncOnce` into a file beside the index, which then replaces it; nil when that could not
    /// be done (the caller refreshes the index in place, as before).
    func syncAside(progress: Progress?) -> (diagnostics: [FileDiagnostic], stats: RefreshStats)? {
        guard let path else { return nil }
        CardIndex.removeDeadAsides(of: path)
        let aside = path + CardIndex.asideSuffix + String(getpid())
        let main = db
        var built: DatabaseQueue?
        defer {
            if built != nil {
                db = main
                try? built?.close()
                for suffix in ["", "-journal"] { unlink(aside + suffix) }
            }
        }
        do {
            var config = Configuration()
            config.busyMode = .timeout(5)
            let queue = try DatabaseQueue(path: aside, configuration: config)
            built = queue
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;")
            }
            var ignored = false
            try CardIndex.migrate(queue, rebuilt: &ignored)
            db = queue
        } catch {
            return nil
        }
        guard let result = try? syncOnce(progress: progress) else { return nil }
        do {
            try built?.close()
            built = nil
            db = main
            // Flushed whole before the rename, so the name never points at a half-written file.
            let fd = Glibc.open(aside, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw CarouselError.io("cannot open \(aside)") }
            let flushed = fsync(fd) == 0
            close(fd)
            guard flushed else { throw CarouselError.io("cannot flush \(aside)") }
            try db.close()
            for suffix in ["-wal", "-shm"] { unlink(path + suffix) }
            guard rename(aside, path) == 0 else { throw CarouselError.io("cannot rename \(aside)") }
            try? FileSystem.syncFolder(VaultPath.folder(of: path), shownAs: path)
            db = try CardIndex.open(path: path)
        } catch {
            unlink(aside)
            // The index is as it was, still to be built: in place, on a connection opened again
            // if this one was closed (when that fails too, the refresh falls back to memory).
            rebuilt = true
            if let reopened = try? CardIndex.open(path: path) { db = reopened }
            return nil
        }
        return result
    }

    /// Removes files left by a build of a process that is gone.
    static func removeDeadAsides(of path: String) {
        let dir = VaultPath.folder(of: path)
        let prefix = VaultPath.name(of: path) + asideSuffix
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            let digits = rest.prefix { $0.isNumber }
            guard let pid = pid_t(digits), !CrashRecovery.isAlive(pid) || pid == getpid() else { continue }
            unlink(dir + "/" + name)
        }
    }
}
