import ArgumentParser
import CarouselCore
import Foundation

struct Bubbles: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bubbles",
        abstract: "Draw your open cards as bubbles: size by importance, colour by category.",
        discussion: "Writes an SVG picture (or an HTML page, when FILE ends in .html) to open in a browser.")

    @OptionGroup var options: GlobalOptions

    @Option(help: "Where to write the picture: a .svg or .html file (default carousel-bubbles.svg here).")
    var out: String = "carousel-bubbles.svg"

    func validate() throws {
        let lower = out.lowercased()
        guard lower.hasSuffix(".svg") || lower.hasSuffix(".html") || lower.hasSuffix(".htm") else {
            throw ValidationError("--out must end in .svg or .html, found \"\(out)\"")
        }
    }

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: false)
            printDiagnostics(ws)
            let view = BubblesView.make(ws.snapshot, today: ws.today)
            let title = "Carousel · \(Words.longDate(ws.today))"
            let html = !out.lowercased().hasSuffix(".svg")
            let text = html ? BubblesSVG.html(view, title: title) : BubblesSVG.svg(view, title: title)
            let path = FileSystem.fromCurrentFolder(out)
            let url = URL(fileURLWithPath: path)
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileSystem.writeAtomically(text, to: url.standardizedFileURL.path)
            if options.json {
                return Output(path: url.standardizedFileURL.path, circles: view.bubbles.count, bubbles: view.bubbles.map { b in
                    Bubble(slug: b.card.slug, category: b.category, importance: b.card.importance, x: b.x, y: b.y, r: b.r,
                           depth: b.depth, inCycle: b.inCycle)
                }).printJSON()
            }
            if view.bubbles.isEmpty {
                print("No open cards to draw — the picture is empty. Wrote \(url.standardizedFileURL.path) anyway.")
            } else {
                print("Drew \(Words.plural(view.bubbles.count, "bubble")) in \(Words.plural(view.clusters.count, "cluster")): \(url.standardizedFileURL.path)")
                print(Terminal.current.dim("Open it in a browser to see it."))
            }
        }
    }
}

extension Bubbles {
    /// `bubbles --json`.
    struct Output: Encodable {
        let path: String
        let circles: Int
        let bubbles: [Bubble]
    }

    struct Bubble: Encodable {
        let slug, category: String
        let importance: Int
        let x, y, r: Double
        let depth: Int
        let inCycle: Bool
        enum CodingKeys: String, CodingKey { case slug, category, importance, x, y, r, depth, inCycle = "in_cycle" }
    }
}
