import CarouselCore

/// Draws a `BubblesView` as SVG (and HTML around it): pastel circles, titles inside, a label
/// per category cluster.
enum BubblesSVG {
    /// Pastel fills for the known categories (blue, magenta, green, yellow, white in the settings).
    static let pastel: [String: (fill: String, stroke: String)] = [
        "personal": ("#cfe0ff", "#6b8fd6"),
        "work": ("#f6cdea", "#b45f9c"),
        "health": ("#cdeccf", "#5f9f66"),
        "creative": ("#fff0b8", "#c2a23a"),
        "other": ("#e8e8e8", "#8c8c8c"),
    ]
    static let fallback = [("#d9f0f0", "#4f9a9a"), ("#ffdccc", "#c27552"), ("#e4d9f7", "#8064b5")]

    static func colours(_ category: String) -> (fill: String, stroke: String) {
        if let c = pastel[category] { return c }
        let sum = category.unicodeScalars.reduce(0) { $0 + Int($1.value) }
        return fallback[sum % fallback.count]
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(ch)
            }
        }
        return out
    }

    static func number(_ d: Double) -> String { Words.number(d) }

    /// Splits a title into at most two lines that fit across a circle of radius r, the second
    /// cut with an ellipsis when the title is longer.
    static func wrap(_ title: String, radius r: Double, fontSize: Double, lines maxLines: Int = 2) -> [String] {
        let fits = max(3, Int((2 * r - 10) / (fontSize * 0.56)))
        var lines: [String] = []
        var current = ""
        var words = title.split(separator: " ").map(String.init)
        while !words.isEmpty {
            let word = words.removeFirst()
            let candidate = current.isEmpty ? word : current + " " + word
            if candidate.count <= fits {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = word
            if lines.count == maxLines - 1 {
                current = ([current] + words).joined(separator: " ")
                words = []
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines.prefix(maxLines).map { $0.count <= fits ? $0 : String($0.prefix(fits - 1)) + "…" }
    }

    static func svg(_ view: BubblesView, title: String) -> String {
        var out = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(number(view.width))\" height=\"\(number(view.height))\" "
                + "viewBox=\"0 0 \(number(view.width)) \(number(view.height))\" font-family=\"Helvetica, Arial, sans-serif\">",
            "  <title>\(escape(title))</title>",
            "  <rect width=\"100%\" height=\"100%\" fill=\"#fbfaf7\"/>",
        ]
        for c in view.clusters {
            let colour = colours(c.category)
            out.append("  <circle class=\"cluster\" cx=\"\(number(c.x))\" cy=\"\(number(c.y))\" r=\"\(number(c.r))\" fill=\"none\" "
                       + "stroke=\"\(colour.stroke)\" stroke-opacity=\"0.25\" stroke-dasharray=\"4 6\"/>")
            out.append("  <text x=\"\(number(c.x))\" y=\"\(number(c.y - c.r - 6))\" text-anchor=\"middle\" font-size=\"14\" "
                       + "font-weight=\"bold\" fill=\"\(colour.stroke)\">\(escape(c.category.capitalized))</text>")
        }
        // Parents first, so their children are drawn on top of them.
        for b in view.bubbles.sorted(by: { $0.depth < $1.depth }) {
            let colour = colours(b.category)
            let font = b.hasChildren ? 12.0 : max(10, min(14, b.r / 3.6))
            let lines = b.hasChildren ? wrap(b.card.title, radius: b.r * 0.7, fontSize: font, lines: 1)
                : wrap(b.card.title, radius: b.r * 0.92, fontSize: font)
            let top = b.hasChildren ? b.y - b.r + 18 : b.y + font / 3 - Double(lines.count - 1) * font * 0.6
            out.append("  <g class=\"card\" data-slug=\"\(escape(b.card.slug))\">")
            out.append("    <title>\(escape(b.card.title))" + (b.inCycle ? " (parent cycle: fix its parent line)" : "") + "</title>")
            out.append("    <circle class=\"bubble" + (b.inCycle ? " cycle" : "") + "\" data-importance=\"\(b.card.importance)\" "
                       + "cx=\"\(number(b.x))\" cy=\"\(number(b.y))\" r=\"\(number(b.r))\" fill=\"\(colour.fill)\" "
                       + (b.inCycle ? "stroke=\"#c0392b\" stroke-width=\"3\" stroke-dasharray=\"6 4\"/>"
                          : "stroke=\"\(colour.stroke)\" stroke-width=\"1.5\"/>"))
            out.append("    <text x=\"\(number(b.x))\" y=\"\(number(top))\" text-anchor=\"middle\" font-size=\"\(number(font))\" "
                       + "fill=\"#333333\"" + (b.hasChildren ? " font-weight=\"bold\"" : "") + ">"
                       + lines.enumerated().map { i, line in
                           "<tspan x=\"\(number(b.x))\" dy=\"\(i == 0 ? "0" : number(font * 1.2))\">\(escape(line))</tspan>"
                       }.joined() + "</text>")
            out.append("  </g>")
        }
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    static func html(_ view: BubblesView, title: String) -> String {
        let svg = self.svg(view, title: title).split(separator: "\n", maxSplits: 1).last.map(String.init) ?? ""
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>\(escape(title))</title>
        <style>body{margin:0;background:#fbfaf7;font-family:Helvetica,Arial,sans-serif}svg{display:block;margin:auto;max-width:100%;height:auto}</style>
        </head>
        <body>
        \(svg)</body>
        </html>

        """
    }
}
