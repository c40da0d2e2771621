import CarouselCore

extension Terminal {
    /// An action's sentence (`Said`) for the terminal: titles in bold, hints dim, the mark in colour.
    func line(_ said: Said) -> String {
        let text = said.parts.map { part -> String in
            switch part {
            case let .text(s): return s
            case let .title(s): return bold(s)
            case let .hint(s): return dim(s)
            }
        }.joined()
        switch said.mark {
        case .done?: return green("✓") + " " + text
        case .undo?: return green("↶") + " " + text
        case .progress?: return "○ " + text
        case nil: return text
        }
    }
}
