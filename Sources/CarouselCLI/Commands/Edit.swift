import ArgumentParser
import CarouselCore
import CarouselGit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Open a card in $VISUAL or $EDITOR, check it on save, and commit it.",
        discussion: "If the file no longer parses you can re-open it or abort; abort puts the original back.")

    @OptionGroup var options: GlobalOptions

    @OptionGroup var target: OneCard

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let card = try ws.resolve(target.ref)
            let full = ws.vault.url(card.path)
            if ws.vault.isLink(card.path) {
                throw CarouselError.boundary("\(card.path) is a link; Carousel never writes through a link, so edit the file it points to")
            }
            let original = try ws.vault.readText(card.path)
            let env = CommandLineRun.current.environment
            let editor = [env["VISUAL"], env["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
            while true {
                let status = runEditor(editor, file: full)
                let edited = (try? ws.vault.readText(card.path)) ?? original
                if status != 0 {
                    let copy = rescue(edited, original: original, card: card, ws: ws)
                    try restore(original, to: full)
                    throw CarouselError.usage("the editor (\(editor)) exited with status \(status); \(card.path) is as it was" + Edit.kept(copy))
                }
                switch ws.checkEdit(of: card, original: original, edited: edited) {
                case .unchanged:
                    return print("No changes to \(card.title).")
                case let .changed(new, fields):
                    try ws.commitEdit(new, text: edited, fields: fields)
                    return print("Saved " + Terminal.current.bold(new.title) + (fields.isEmpty ? "" : " (\(fields.joined(separator: ", ")))") + ".")
                case let .invalid(diag):
                    printError(diag.description)
                    if CommandLineRun.current.inputIsTerminal, ask("Re-open it to fix (r), or abort and restore the original (a)? [r/a] ") {
                        continue
                    }
                    let copy = rescue(edited, original: original, card: card, ws: ws)
                    try restore(original, to: full)
                    throw CarouselError.usage("\(card.path) did not parse, so it was put back as it was; nothing was committed" + Edit.kept(copy))
                }
            }
        }
    }

    func restore(_ text: String, to path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CarouselError.io("could not restore \(path): \(error.localizedDescription)")
        }
    }

    func ask(_ prompt: String) -> Bool {
        CommandLineRun.current.writeError(prompt)
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? "a"
        return answer.hasPrefix("r") || answer.isEmpty
    }

    /// Runs the editor through the shell, so `EDITOR="code --wait"` works.
    func runEditor(_ editor: String, file: String) -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", editor + " \"$1\"", "sh", file]
        // The editor takes over the terminal: what this run printed goes first.
        p.environment = CommandLineRun.current.environment
        CommandLineRun.current.flush()
        do { try p.run() } catch { return 127 }
        p.waitForExit()
        return p.terminationStatus
    }
}
