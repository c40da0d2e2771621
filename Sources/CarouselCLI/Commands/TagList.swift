import ArgumentParser
import CarouselCore

struct TagList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Every tag: how many cards carry it (open of all), its colour and icon.")

    @OptionGroup var options: GlobalOptions

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: false)
            let tags = ws.tagSummaries()
            if options.json {
                return Output(tags: tags.map { Item(name: $0.name, count: $0.count, open: $0.open, color: $0.style?.color, icon: $0.style?.icon) }).printJSON()
            }
            let t = Terminal.current
            if tags.isEmpty {
                return print("No tags yet. Add one with `carousel set REF tags=home` or `+home` in quick capture.")
            }
            let width = tags.map { displayWidth(Terminal.tagText($0.name)) }.max() ?? 0
            for tag in tags {
                let label = t.tag(tag.name) + String(repeating: " ", count: width - displayWidth(Terminal.tagText(tag.name)))
                let counts = "\(tag.open) open of \(Words.plural(tag.count, "card"))"
                print("  " + label + "  " + counts + (tag.style?.color.map { t.dim("  " + $0) } ?? ""))
            }
        }
    }
}

extension TagList {
    struct Output: Encodable { let tags: [Item] }

    struct Item: Encodable {
        let name: String
        let count: Int
        let open: Int
        @OrNull var color: String?
        @OrNull var icon: String?
    }
}
