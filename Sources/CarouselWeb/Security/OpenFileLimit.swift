import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The open-file limit, raised at start from the soft limit (often 1,024) to the hard one the
/// system allows this account, so that many connections at once cannot leave the server without
/// a file for its owner's next request or the vault's own files.
enum OpenFileLimit {
    #if os(Linux)
    static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    static let resource = RLIMIT_NOFILE
    #endif

    /// Raises the soft limit to the hard one; returns the soft limit now in force (nil if it cannot be read).
    @discardableResult
    static func raise() -> UInt64? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return nil }
        guard limit.rlim_cur < limit.rlim_max else { return UInt64(limit.rlim_cur) }
        var raised = limit
        raised.rlim_cur = limit.rlim_max
        return setrlimit(resource, &raised) == 0 ? UInt64(raised.rlim_max) : UInt64(limit.rlim_cur)
    }
}
