import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive lock on a vault, held while a command reads or changes it.
///
/// It is an `flock` on `.carousel/lock`: the kernel releases it when the process exits, however
/// it exits, so a lock left by a dead process can never block anyone.
public final class VaultLock {
    private let fd: Int32

    /// Waits up to `timeout` seconds for the lock.
    /// `name` picks another lock in the same folder (`sync.lock` keeps two syncs apart).
    public init(vault: Vault, timeout: Double, name: String = "lock") throws(CarouselError) {
        let dir = try vault.stateFolder()
        let path = dir + "/" + name
        // O_CLOEXEC: a git child must never inherit (and so keep holding) the lock.
        fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            // A vault this account cannot write (a read-only mount, someone else's folder).
            if [EACCES, EPERM, EROFS].contains(errno) { throw .readOnly(path: vault.root) }
            throw .io("cannot open \(path): \(String(cString: strerror(errno)))")
        }
        let deadline = Date().addingTimeInterval(timeout)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard Date() < deadline else {
                let holder = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
                close(fd)
                throw .locked(holder: holder?.isEmpty == false ? holder : nil)
            }
            usleep(20_000)
        }
        ftruncate(fd, 0)
        let note = "pid \(getpid())\n"
        _ = note.withCString { write(fd, $0, strlen($0)) }
    }

    /// Lets the lock go for a while (a sync waiting on the network).
    func release() { flock(fd, LOCK_UN) }

    /// Takes the lock back after `release`, waiting as long as it takes: the holder is a short
    /// command, since no command waits on anything slow while holding it.
    func reacquire() { while flock(fd, LOCK_EX) != 0, errno == EINTR {} }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
