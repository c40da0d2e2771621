import CarouselGit
import Foundation

/// After a push to a bare repository on this machine, its HEAD names the vault's branch, so a
/// plain `git clone` of it checks the vault out. A server's HEAD (ssh, https) cannot be set
/// through git's protocol: there the host's "default branch" setting does it, or `carousel
/// clone`, which needs no HEAD.
enum RemoteHead {
    /// True when the remote's HEAD was changed.
    static func settle(repo: Repository, remote: String, branch: String, vaultRoot: String) -> Bool {
        guard let url = (try? repo.remoteURL(remote)) ?? nil, let path = localPath(url, relativeTo: vaultRoot) else { return false }
        return (try? Repository.pointBareHead(at: path, toBranch: branch)) ?? false
    }

    /// The folder a remote URL names on this machine: `file://…`, an absolute path, or a path
    /// relative to the vault; nil for a URL with a scheme or git's `host:path` form.
    static func localPath(_ url: String, relativeTo root: String) -> String? {
        if url.hasPrefix("file://") { return String(url.dropFirst("file://".count)) }
        if url.contains("://") { return nil }
        if let colon = url.firstIndex(of: ":"), !url[..<colon].contains("/") { return nil }
        if url.hasPrefix("/") { return url }
        return ((root as NSString).appendingPathComponent(url) as NSString).standardizingPath
    }
}
