/// Splitting slash-separated paths without Foundation's `NSString` path methods, which trap on
/// some names a peer can push (`deletingLastPathComponent` of a one-character name such as `y`
/// or `é` stops the program). Pure string work on `/`: no file system, no tilde, no `..`
/// resolution, and an answer for every input.
public enum VaultPath {
    /// The folder part of `path`: everything before its last `/` (trailing slashes ignored), ""
    /// for a name without a folder. `cards/a.md` → `cards`, `y` → "", `/a` → `/`, `a/b/` → `a`.
    public static func folder(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        var folder = trimmed[..<slash]
        while folder.count > 1, folder.last == "/" { folder.removeLast() }
        if folder.isEmpty { return "/" }
        return String(folder)
    }

    /// The last name of `path` (trailing slashes ignored): `cards/a.md` → `a.md`, `y` → `y`, `/` → `/`.
    public static func name(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The extension of the last name, without its dot: `a/photo.png` → `png`; "" for none, and
    /// for a name whose only dot leads it (`.gitignore`) or ends it.
    public static func pathExtension(of path: String) -> String {
        let last = name(of: path)
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return "" }
        return String(last[last.index(after: dot)...])
    }

    /// `path` without the extension of its last name (`notes/plan.txt` → `notes/plan`); the
    /// path as it is when there is none.
    public static func deletingExtension(of path: String) -> String {
        let ext = pathExtension(of: path)
        let trimmed = trimmingTrailingSlashes(path)
        guard !ext.isEmpty else { return trimmed }
        return String(trimmed.dropLast(ext.count + 1))
    }

    /// Every folder above `path`, nearest first: `a/b/c.md` → [`a/b`, `a`]; none for a top-level name.
    public static func folders(above path: String) -> [String] {
        var result: [String] = []
        var folder = folder(of: path)
        while !folder.isEmpty, folder != "/" {
            result.append(folder)
            folder = self.folder(of: folder)
        }
        return result
    }

    static func trimmingTrailingSlashes(_ path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.last == "/" { text.removeLast() }
        return String(text)
    }
}
