import CarouselCore
import Foundation

/// A small Markdown reader for card bodies: headings, lists, quotes, code blocks, paragraphs,
/// `code`, **strong**, *emphasis*, http(s) links, and the card's attachments (images inline). Every piece of text is escaped first; a
/// `<script>` in a body shows as text.
enum Markdown {
    static func render(_ source: String) -> HTML {
        var out: [HTML] = []
        var paragraph: [String] = [], list: [HTML] = [], listTag = "ul", code: [String]? = nil
        func flush() {
            if !paragraph.isEmpty { out.append(H.el("p", [:], [inline(paragraph.joined(separator: " "))])); paragraph = [] }
            if !list.isEmpty { out.append(H.el(listTag, [:], list)); list = [] }
        }
        for raw in source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if var block = code {
                if line.hasPrefix("```") { out.append(H.el("pre", [:], [H.el("code", [:], block.joined(separator: "\n"))])); code = nil }
                else { block.append(raw); code = block }
                continue
            }
            if line.hasPrefix("```") { flush(); code = []; continue }
            if line.isEmpty { flush(); continue }
            if let level = heading(line) {
                flush()
                out.append(H.el("h\(min(6, level + 1))", [:], [inline(String(line.dropFirst(level + 1)))]))
            } else if line.hasPrefix("- ") || line.hasPrefix("* ") {
                if !paragraph.isEmpty || (listTag != "ul" && !list.isEmpty) { flush() }
                listTag = "ul"
                var text = String(line.dropFirst(2))
                if text.hasPrefix("[ ] ") || text.hasPrefix("[x] ") {
                    text = (text.hasPrefix("[x]") ? "☑ " : "☐ ") + text.dropFirst(4)
                }
                list.append(H.el("li", [:], [inline(text)]))
            } else if let dot = line.firstIndex(of: "."), line[..<dot].allSatisfy(\.isNumber), !line[..<dot].isEmpty,
                      line[line.index(after: dot)...].hasPrefix(" ") {
                if !paragraph.isEmpty || (listTag != "ol" && !list.isEmpty) { flush() }
                listTag = "ol"
                list.append(H.el("li", [:], [inline(String(line[line.index(dot, offsetBy: 2)...]))]))
            } else if line.hasPrefix(">") {
                flush()
                out.append(H.el("blockquote", [:], [inline(String(line.dropFirst()).trimmingCharacters(in: .whitespaces))]))
            } else {
                if !list.isEmpty { flush() }
                paragraph.append(line)
            }
        }
        if let code { out.append(H.el("pre", [:], [H.el("code", [:], code.joined(separator: "\n"))])) }
        flush()
        return out.joined()
    }

    static func heading(_ line: String) -> Int? {
        let hashes = line.prefix { $0 == "#" }.count
        return (1...6).contains(hashes) && line.dropFirst(hashes).hasPrefix(" ") ? hashes : nil
    }

    /// The page's address of a card's attachment linked as `../attachments/ID/NAME` (any number of
    /// `../`), or nil for any other link. Both parts must be plain names.
    static func attachmentURL(_ href: String) -> String? {
        var rest = Substring(href)
        while rest.hasPrefix("../") { rest = rest.dropFirst(3) }
        let parts = rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts[0] == Vault.attachmentsDir, parts.dropFirst().allSatisfy({ PathName.isSafe($0) }) else { return nil }
        let encoded = parts.dropFirst().compactMap { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._"))) }
        return encoded.count == 2 ? "/attachments/" + encoded.joined(separator: "/") : nil
    }

    /// Inline marks over escaped text; a link's address must start with http:// or https://.
    static func inline(_ text: String) -> HTML {
        var out: [HTML] = []
        var rest = Substring(text)
        var plain = ""
        func emit() { if !plain.isEmpty { out.append(H.text(plain)); plain = "" } }
        while let ch = rest.first {
            if ch == "`", let end = rest.dropFirst().firstIndex(of: "`") {
                emit(); out.append(H.el("code", [:], String(rest[rest.index(after: rest.startIndex)..<end])))
                rest = rest[rest.index(after: end)...]; continue
            }
            if rest.hasPrefix("**"), let end = rest.dropFirst(2).range(of: "**") {
                emit(); out.append(H.el("strong", [:], [inline(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound]))]))
                rest = rest[end.upperBound...]; continue
            }
            if ch == "*" || ch == "_", let end = rest.dropFirst().firstIndex(of: ch), end > rest.index(after: rest.startIndex) {
                emit(); out.append(H.el("em", [:], String(rest[rest.index(after: rest.startIndex)..<end])))
                rest = rest[rest.index(after: end)...]; continue
            }
            if ch == "!", rest.dropFirst().first == "[", let close = rest.range(of: "]("),
               let end = rest[close.upperBound...].firstIndex(of: ")"),
               let src = attachmentURL(String(rest[close.upperBound..<end])) {
                let alt = String(rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound])
                emit(); out.append(H.el("img", ["src": src, "alt": alt, "class": "attachment", "loading": "lazy"]))
                rest = rest[rest.index(after: end)...]; continue
            }
            if ch == "[", let close = rest.range(of: "]("), let end = rest[close.upperBound...].firstIndex(of: ")") {
                let label = String(rest[rest.index(after: rest.startIndex)..<close.lowerBound])
                let href = String(rest[close.upperBound..<end])
                if let local = attachmentURL(href) {
                    emit(); out.append(H.el("a", ["href": local], label))
                    rest = rest[rest.index(after: end)...]; continue
                }
                if href.hasPrefix("http://") || href.hasPrefix("https://") {
                    emit(); out.append(H.el("a", ["href": href, "rel": "noreferrer noopener"], label))
                    rest = rest[rest.index(after: end)...]; continue
                }
            }
            plain.append(ch)
            rest = rest.dropFirst()
        }
        emit()
        return out.joined()
    }
}
