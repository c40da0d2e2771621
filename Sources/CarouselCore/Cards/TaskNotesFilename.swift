/// The file name TaskNotes gives a new task by default (`storeTitleInFilename`, file name format
/// `title`): the title itself, so a link `[[Book MOT]]` in a note finds `Book MOT.md`. Only what a
/// file name or a wiki link cannot hold is taken out (`\ / : * ? " < > | # ^ [ ]` and control
/// characters), runs of spaces become one, and dots and spaces at either end go.
enum TaskNotesFilename {
    static func make(from title: String) -> String {
        let banned = Set("\\/:*?\"<>|#^[]")
        var out = ""
        for ch in title {
            if banned.contains(ch) || ch.unicodeScalars.allSatisfy({ $0.value < 32 || $0.value == 127 }) {
                out.append(" ")
            } else {
                out.append(ch)
            }
        }
        let words = out.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        var name = Substring(words)
        while let f = name.first, f == "." || f == " " { name = name.dropFirst() }
        while let l = name.last, l == "." || l == " " { name = name.dropLast() }
        return String(name.prefix(200))
    }
}
