import Foundation

/// What one `import` takes at most. Each card is its own file, written and flushed one by one,
/// so a source far larger than a person's list (a million todo.txt lines, a calendar of every
/// meeting since 2005) is refused before anything is read or written, with the limit named and
/// the way to bring it in parts, rather than running for minutes and leaving half of it.
public enum ImportLimits {
    /// The largest source file read.
    public static let maxBytes = 16 << 20
    /// The most items (tasks, events) in one import.
    public static let maxItems = 5_000

    /// Reads `path` (or standard input for "-") when it is no larger than `maxBytes`.
    public static func read(_ path: String) throws(CarouselError) -> Data {
        let name = path == "-" ? "standard input" : path
        let tooLarge = CarouselError.usage("\(name) is larger than \(maxBytes >> 20) MB, more than one import takes. Nothing was imported. Split it and import the parts one by one (for a todo.txt: split -l \(maxItems) \(path == "-" ? "FILE" : shellQuoted(path)) part- ; then carousel import --from todotxt on each part)")
        if path == "-" {
            var data = Data()
            while let chunk = try? FileHandle.standardInput.read(upToCount: 1 << 20), !chunk.isEmpty {
                data.append(chunk)
                if data.count > maxBytes { throw tooLarge }
            }
            return data
        }
        var st = stat()
        if stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, Int(st.st_size) > maxBytes { throw tooLarge }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .io("cannot read \(path); check the path and that it is a readable file")
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: maxBytes + 1)) ?? nil
        guard let data else { throw .io("cannot read \(path); check the path and that it is a readable file") }
        if data.count > maxBytes { throw tooLarge }
        return data
    }

    /// Refuses a plan with more items than one import takes.
    public static func check(_ plan: ImportPlan, from path: String) throws(CarouselError) {
        guard plan.items.count > maxItems else { return }
        let name = path == "-" ? "standard input" : path
        throw .usage("\(name) holds \(plan.items.count) items, more than the \(maxItems) one import takes. Nothing was imported. Split it and import the parts one by one")
    }
}
