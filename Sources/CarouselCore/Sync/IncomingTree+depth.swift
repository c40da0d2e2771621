import CarouselGit

/// How deep an incoming tree may go. libgit2 stops at 100 nested folders ("directory nesting
/// too deep"), so a deeper file, once checked out, stopped every change; and reading a tree
/// thousands of levels deep costs time and memory quadratic in its depth (every path repeats
/// the folders above it). The tree is read only `maxDepth` levels down and refused below that.
extension IncomingTree {
    /// The most folders a path may pass through, counting its own name: `a/b/c.md` is 3.
    public static let maxDepth = 64

    /// The first folder at the limit that holds anything, or any path longer than the limit.
    static func depthFindings(_ entries: [TreeEntry]) -> [Finding] {
        for entry in entries {
            var parts = 1
            for byte in entry.path.utf8 where byte == UInt8(ascii: "/") { parts += 1 }
            if parts > maxDepth || (parts == maxDepth && entry.mode == TreeEntry.treeMode) {
                return [Finding(path: entry.path, kind: .tooDeep, target: nil)]
            }
        }
        return []
    }
}
