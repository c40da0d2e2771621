import ArgumentParser
import CarouselCore

struct TagRename: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Rename a tag on every card (and its style in carousel.yaml) in one commit.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The tag as it is now.")
    var old: String

    @Argument(help: "Its new name.")
    var new: String

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let changed = try ws.renameTag(old, to: new)
            if options.json { return Output(from: old, to: new, renamed: changed.map(\.slug)).printJSON() }
            let t = Terminal.current
            print("Renamed " + t.tag(old) + " to " + t.tag(new) + " on \(Words.plural(changed.count, "card")).")
        }
    }
}

extension TagRename {
    struct Output: Encodable {
        let from, to: String
        /// Slugs of the cards whose tags changed.
        let renamed: [String]
    }
}
