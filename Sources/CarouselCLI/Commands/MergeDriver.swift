import ArgumentParser
import CarouselCore
import Foundation

/// Called by git during `git merge`/`git pull` for files routed to `merge=carousel`.
struct MergeDriver: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-driver",
        abstract: "Git merge driver: merge one vault file field by field (git runs this, not you).",
        discussion: "Registered by `carousel init` as: git config merge.carousel.driver \"carousel merge-driver %O %A %B %P\"")

    @Argument(help: "The common ancestor's version (%O).") var base: String
    @Argument(help: "Our version (%A); the result is written here.") var ours: String
    @Argument(help: "Their version (%B).") var theirs: String
    @Argument(help: "The file's path in the repository (%P).") var path: String

    func run() throws {
        do {
            // FileSystem.readText keeps a byte-order mark, which Foundation's readers drop.
            // Git runs the driver at the top of the work tree: opening the vault there reads its
            // cards folder and TaskNotes' field names, which decide how the file merges.
            _ = try? Vault(at: FileManager.default.currentDirectoryPath, checkingStructure: false)
            let b = try FileSystem.readText(base)
            let o = try FileSystem.readText(ours)
            let t = try FileSystem.readText(theirs)
            // Git gives an empty ancestor when both sides added the file.
            let result = FileMerge.merge(path: path, base: b.isEmpty ? nil : b, ours: o, theirs: t, rule: .byValue)
            // Written the way every vault file is: a temporary file beside it, flushed, renamed
            // (Foundation's atomic write goes through a folder in /tmp and leaves it behind).
            // Git names the files relative to the work tree, where it runs the driver.
            try FileSystem.writeAtomically(result.text ?? o, to: FileSystem.fromCurrentFolder(ours), shownAs: path)
            for extra in result.extraFiles {
                if let text = extra.text { try FileSystem.writeAtomically(text, to: FileSystem.fromCurrentFolder(extra.path), shownAs: extra.path) }
            }
            for note in result.notes { printError("carousel: \(note.path): \(note.message)") }
        } catch {
            printError("carousel merge-driver: \(error.localizedDescription); leaving \(path) to git")
            throw ExitCode(1)
        }
    }
}
