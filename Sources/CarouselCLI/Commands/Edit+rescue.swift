import CarouselCore
import Foundation

extension Edit {
    /// Keeps what was typed in an edit that is not committed (the file did not parse, or the
    /// editor failed) in `.carousel/rescued/` (ignored by git, never synced), so putting the
    /// original back loses nothing: `.carousel/rescued/call-mum.2026-11-23.md`, then `-2`, `-3`…
    /// Returns the copy's path in the vault, or nil when nothing new was typed or it could not be written.
    func rescue(_ edited: String, original: String, card: Card, ws: Workspace) -> String? {
        guard edited != original else { return nil }
        let folder = ".carousel/rescued"
        let name = ((card.path as NSString).lastPathComponent as NSString).deletingPathExtension
        let fm = FileManager.default
        do {
            try fm.createDirectory(atPath: ws.vault.url(folder), withIntermediateDirectories: true)
            var path = "\(folder)/\(name).\(ws.today.iso).md"
            var n = 2
            while fm.fileExists(atPath: ws.vault.url(path)) {
                path = "\(folder)/\(name).\(ws.today.iso)-\(n).md"
                n += 1
            }
            try Data(edited.utf8).write(to: URL(fileURLWithPath: ws.vault.url(path)), options: .withoutOverwriting)
            return path
        } catch {
            return nil
        }
    }

    /// " What you typed is kept in PATH." for a message, or nothing.
    static func kept(_ path: String?) -> String {
        path.map { "; what you typed is kept in \($0)" } ?? ""
    }
}
