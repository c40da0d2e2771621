import ArgumentParser
import Foundation

/// `carousel generate-man`: a roff page, carousel(1), built from the command configuration so it
/// never drifts from `--help`. `make install` writes it to share/man/man1/carousel.1.
struct GenerateMan: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "generate-man", abstract: "Print the carousel(1) man page.",
                                                    shouldDisplay: false)

    @Option(help: "The date printed in the page footer, YYYY-MM-DD.")
    var date: String = "2026-11-23"

    func run() {
        let root = Carousel.configuration
        var out = [".TH CAROUSEL 1 \"\(date)\" \"carousel \(root.version)\" \"User Commands\"",
                   ".SH NAME", "carousel \\- \(roff(root.abstract))",
                   ".SH SYNOPSIS", ".B carousel", "[\\fICOMMAND\\fR] [\\fIOPTIONS\\fR]",
                   ".SH DESCRIPTION", roff(root.abstract), ".PP", roff(root.discussion),
                   ".SH COMMANDS"]
        for command in root.subcommands where command.configuration.shouldDisplay {
            let name = command.configuration.commandName ?? command._commandName
            out += [".SS \(roff(name))", roff(command.configuration.abstract), ".PP", ".nf"]
            let help = command.helpMessage(for: command, columns: 78)
            let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let usage = lines.firstIndex { $0.hasPrefix("USAGE:") } ?? 0
            out += lines[usage...].map { roff($0.hasPrefix("USAGE: ") ? "USAGE: carousel " + $0.dropFirst(7) : $0) }
            out += [".fi"]
        }
        out += [".SH ENVIRONMENT",
                ".TP", ".B CAROUSEL_VAULT", "The vault to use when \\-\\-vault is not given.",
                ".TP", ".B CAROUSEL_TODAY", "Plan as if it were this date (YYYY\\-MM\\-DD).",
                ".TP", ".B VISUAL, EDITOR", "The editor `carousel edit` opens.",
                ".TP", ".B NO_COLOR", "When set, no colour (same as \\-\\-color never).",
                ".TP", ".B COLUMNS", "The output width when it cannot be read from the terminal.",
                ".SH EXIT STATUS",
                "0 success; 1 a user error (bad value, unknown card, a file that does not parse); 2 a usage error;",
                "3 a vault or git error (no vault, locked, cannot read or write, git failed).",
                ".SH FILES", "carousel.yaml, cards/*.md, habits/*.md and journal/YYYY/YYYY\\-MM\\-DD.md inside the vault.",
                ".SH SEE ALSO", "git(1)"]
        print(out.joined(separator: "\n"))
    }

    /// Escapes text for roff: backslashes, and a leading dot or quote.
    func roff(_ s: String) -> String {
        var t = s.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if t.hasPrefix(".") || t.hasPrefix("'") { t = "\\&" + t }
        return t
    }
}
