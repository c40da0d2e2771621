/// Prints view lines, dropping the padding `fit` leaves at line ends so piped text stays tidy.
func printLines(_ lines: [String]) {
    print(lines.map { line in
        var l = Substring(line)
        while l.last == " " { l = l.dropLast() }
        return String(l)
    }.joined(separator: "\n"))
}
