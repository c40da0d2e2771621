import Foundation

/// git's ref lock (`refs/heads/main.lock`) left in a remote on this machine (a path or `file://`
/// remote) by a push that was killed. A ref update takes milliseconds, so a lock that is still
/// there after a few seconds belongs to nobody; git itself would refuse every later push.
enum StaleRemoteLock {
    /// How old a lock must be before it counts as stale.
    static let age: TimeInterval = 2

    /// Waits until the lock named in a push refusal is stale, removes it, and says whether it did.
    /// Only for remotes that are local paths; a server's locks are the server's business.
    static func clear(reason: String, remoteURL: String) -> Bool {
        guard !remoteURL.contains("://") || remoteURL.hasPrefix("file://"),
              let start = reason.range(of: "Unable to create '") ?? reason.range(of: "failed to lock file '"),
              let end = reason.range(of: ".lock'", range: start.upperBound..<reason.endIndex) else {
            return false
        }
        let path = String(reason[start.upperBound..<end.lowerBound]) + ".lock"
        guard path.hasPrefix("/"), path.contains("/refs/") || path.hasSuffix("/packed-refs.lock") else { return false }
        let deadline = Date().addingTimeInterval(age + 1)
        while Date() < deadline {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  let modified = attributes[.modificationDate] as? Date else { return true }  // gone: retry
            if Date().timeIntervalSince(modified) >= age {
                return (try? FileManager.default.removeItem(atPath: path)) != nil
            }
            usleep(100_000)
        }
        return false
    }
}
