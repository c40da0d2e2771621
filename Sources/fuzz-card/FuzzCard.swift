// Fuzz target for the card parser and the front-matter editor.
//
// Built by `make fuzz` with libFuzzer (`-sanitize=fuzzer -DFUZZING`). In an ordinary build it is
// a small tool that runs each file named on the command line through the same checks, so a
// crash found by the fuzzer can be replayed and kept as a regression test.
import CarouselCore
import FuzzSupport
import Foundation

/// Parses the input as a card; if it parses, rewrites a field and checks the result still parses
/// and that the other lines survive.
func checkCard(_ data: [UInt8]) {
    guard let text = String(bytes: data, encoding: .utf8) else { return }
    guard let file = try? CardFile(text: text, path: "cards/fuzz.md") else { return }
    var edited = file
    edited.set("spoons", int: 3)
    edited.set("tags", list: ["a", "b,c", "#x"])
    edited.set("title", string: file.card.title + " ✓")
    guard let reparsed = try? CardParser.parse(text: edited.text, path: "cards/fuzz.md") else {
        fatalError("an edit made a parsed card unparseable:\n\(text)\n---- became ----\n\(edited.text)")
    }
    guard reparsed.card.spoons == 3, reparsed.card.title == file.card.title + " ✓" else {
        fatalError("an edit did not read back:\n\(edited.text)")
    }
    guard file.document.body == edited.document.body else { fatalError("an edit changed the body:\n\(text)") }
}

@main
struct FuzzCardMain {
    static func main() { FuzzDriver.main(checkCard) }
}
