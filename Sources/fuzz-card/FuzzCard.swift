// Fuzz target for the card parser and the front-matter editor.
//
// Built by `make fuzz` with libFuzzer (`-sanitize=fuzzer -DFUZZING`). In an ordinary build it is
// a small tool that runs each file named on the command line through the same checks, so a
// crash found by the fuzzer can be replayed and kept as a regression test.
import CarouselCore
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

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// The entry point libFuzzer's own `main` calls, when the linker picks that one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    checkCard(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#endif

@main
struct FuzzCardMain {
    static func main() {
        #if FUZZING
        // libFuzzer's own driver, called from our main (SwiftPM owns the executable's entry point).
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            guard let data else { return 0 }
            checkCard(Array(UnsafeBufferPointer(start: data, count: size)))
            return 0
        })
        #else
        // Replay: run each file named on the command line through the same checks.
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            checkCard(Array(data))
        }
        #endif
    }
}
