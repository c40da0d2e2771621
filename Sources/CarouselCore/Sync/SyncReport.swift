/// What one `carousel sync` did.
public struct SyncReport: Sendable {
    public var remote: String
    /// The remote's URL with any user name or password removed.
    public var url: String
    public var branch: String
    /// Commits that came in (fast-forwarded or merged), and who made them.
    public var incoming = 0
    public var incomingAuthors: [String] = []
    /// Commits sent to the remote.
    public var outgoing = 0
    public var fastForwarded = false
    /// The merge commit, when both sides had changes.
    public var mergeCommit: String?
    public var notes: [MergeNote] = []
    public var pushed = false
    /// How many fetch–merge–push rounds it took (more than one when the remote moved meanwhile).
    public var attempts = 0
    /// True when this push created the branch on the remote and set it as upstream.
    public var setUpstream = false
    /// True when the remote, a bare repository on this machine, had its HEAD pointed at the branch.
    public var setRemoteHead = false
    /// The commit that finished a `git merge` left half done with conflicts, if there was one.
    public var finishedGitMerge: String?
    /// The message of the commit that saved pending editor edits first, if any.
    public var savedEdits: String?
    /// Edited files held back because they do not parse.
    public var heldBack: [FileDiagnostic] = []
    /// Files that came in and cannot be used here (bad ids, links out of the vault, files that
    /// do not parse): left as they are, and reported.
    public var incomingProblems: [FileDiagnostic] = []
}

/// Hides credentials in a remote URL: `https://me:token@host/x` → `https://host/x`.
public func redactedURL(_ url: String) -> String {
    guard let scheme = url.range(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@") else { return url }
    let slash = url[scheme.upperBound...].firstIndex(of: "/") ?? url.endIndex
    guard at < slash else { return url }
    return String(url[..<scheme.upperBound]) + String(url[url.index(after: at)...])
}

// The executable sets these for `carousel sync` (time limits, Ctrl-C, progress) without importing git.
@_exported import struct CarouselGit.TransferOptions
@_exported import struct CarouselGit.TransferLimits
@_exported import class CarouselGit.Cancellation
@_exported import struct CarouselGit.Signature
