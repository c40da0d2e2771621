import CarouselCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The suggested habits, offered by `habit add` without a title and by the tour.
enum HabitSuggestionMenu {
    /// "1  Drink water     8 glasses a day · every day".
    static func lines(_ t: Terminal) -> [String] {
        let width = HabitSuggestions.all.map { displayWidth($0.title) }.max() ?? 0
        return HabitSuggestions.all.enumerated().map { i, s in
            let number = String(repeating: " ", count: i < 9 ? 1 : 0) + "\(i + 1)"
            return number + "  " + t.bold(fit(s.title, width)) + "  " + s.about + t.dim("  · --suggest \(s.name)")
        }
    }

    /// Lists the suggestions and, on a terminal, asks for one (nil: none chosen). With `json`,
    /// or without a terminal to ask on, prints them (JSON or text) and returns nil.
    static func offer(json: Bool) throws -> HabitSuggestion? {
        if json {
            Output(suggestions: HabitSuggestions.all.map(Item.init)).printJSON()
            return nil
        }
        let t = Terminal.current
        print("Some habits to start from:")
        for line in lines(t) { print("  " + line) }
        guard CommandLineRun.current.inputIsTerminal else {
            print(t.dim("Start one with `carousel habit add --suggest NAME`, or your own with `carousel habit add TITLE`."))
            return nil
        }
        return ask(t)
    }

    /// "Pick one (1–10), or Enter for none": a number or a name.
    static func ask(_ t: Terminal) -> HabitSuggestion? {
        CommandLineRun.current.write("Pick one (1–\(HabitSuggestions.all.count)), or Enter for none: ")
        let answer = readLine()?.trimmingCharacters(in: .whitespaces) ?? ""
        if answer.isEmpty { return nil }
        if let n = Int(answer), HabitSuggestions.all.indices.contains(n - 1) { return HabitSuggestions.all[n - 1] }
        if let found = try? HabitSuggestions.find(answer) { return found }
        print("No suggestion is called \"\(answer)\"; nothing was added.")
        return nil
    }

    struct Output: Encodable { let suggestions: [Item] }

    /// One suggestion in `habit add --json` without a title.
    struct Item: Encodable {
        let name, title: String
        let target: Double
        let unit, period: String
        let `repeat`: String
        let about: String

        init(_ s: HabitSuggestion) {
            name = s.name
            title = s.title
            target = s.target
            unit = s.unit
            period = s.period
            self.repeat = s.repeatRule
            about = s.about
        }
    }
}
