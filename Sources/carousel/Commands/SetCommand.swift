import ArgumentParser
import CarouselCore

struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Change fields of a card: carousel set REF spoons=2 tags=home,plants due=friday (empty clears).")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The card: its slug, id, or the start of either.", completion: .custom(completeRefs))
    var ref: String

    @Argument(help: "FIELD=VALUE pairs. Lists are comma-separated; an empty value clears the field.")
    var assignments: [String]

    func run() throws {
        try reporting {
            let parsed = try assignments.map { (a: String) throws(CarouselError) -> FieldAssignment in try FieldAssignment.parse(a) }
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let card = try ws.set(ref, parsed)
            if options.json { return CardJSON.full(try ws.open(card), today: ws.today).print() }
            print("Updated " + Terminal.current.bold(card.title) + ": " + parsed.map { $0.value.isEmpty ? "cleared \($0.field)" : "\($0.field) = \($0.value)" }.joined(separator: ", "))
        }
    }
}
