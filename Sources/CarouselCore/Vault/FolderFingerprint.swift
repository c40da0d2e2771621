/// A number that changes when a card file under a folder is added, removed, renamed or
/// written, or when a folder under it gains or loses an entry: what a long-running reader
/// (`carousel serve`) looks at to know whether to refresh. The files are the ones the index
/// reads, sub-folders included (`CardScan`), stat'ed on every core.
public enum FolderFingerprint {
    public static func of(root: String, dir: String) -> UInt64 {
        let scan = CardScan(root: root, dir: dir)
        scan.stat()
        // Each entry's hash is added, so the order the folders were read in does not matter.
        var sum = UInt64(scan.count)
        for i in 0..<scan.count {
            let path = scan.withPathBytes(i) { ByteHash.hash($0) }
            let s = scan.stamps[i]
            sum &+= mix(path, UInt64(bitPattern: s?.size ?? -1), UInt64(bitPattern: s?.mtime ?? -1), s?.inode ?? 0)
        }
        for folder in scan.folderStamps {
            sum &+= mix(ByteHash.hash(folder.path), UInt64(bitPattern: folder.mtime), UInt64(bitPattern: folder.ctime), folder.inode)
        }
        return sum
    }

    private static func mix(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> UInt64 {
        StableHash.finalise(StableHash.finalise(StableHash.finalise(a ^ b) &+ c) ^ d)
    }
}
