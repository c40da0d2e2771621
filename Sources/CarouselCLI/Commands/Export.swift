import ArgumentParser
import CarouselCore
import Foundation
import Yams

struct Export: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable { case ics, csv, json }
    enum Table: String, ExpressibleByArgument, CaseIterable { case cards, habits, xp, focus, reflections }

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the vault as iCalendar, CSV or JSON for other tools.",
        discussion: """
            ics: dated cards as to-dos and events as all-day events, for any calendar app. \
            csv: one table (--kind cards, habits, xp, focus or reflections). json: everything as parsed, with format_version.
            """)

    @OptionGroup var options: GlobalOptions

    @Option(help: "ics, csv or json.")
    var format: Format

    @Option(help: "For csv: cards (default), habits (one row per logged day), xp (one row per week), focus or reflections.")
    var kind: Table = .cards

    @Option(help: "Write to this file instead of standard output.")
    var out: String?

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: false)
            printNotices(ws)
            for d in ws.diagnostics { printError(d.description) }
            var text: String
            switch format {
            case .ics: text = ICalendar.render(try ExportData.items(ws), today: ws.today, clock: .current)
            case .csv: text = try ExportData.csv(ws, kind: kind)
            case .json: text = JSONOutput.render(try ExportData.json(ws)) + "\n"
            }
            // Calendars and spreadsheets show text too: control characters from files are
            // written as visible escapes there (JSON escapes them itself and stays exact).
            if format != .json { text = VisibleText.escape(text, keepingCRLF: true) }
            guard let out else { return CommandLineRun.current.write(text) }
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
            } catch {
                throw CarouselError.io("cannot write \(out): \(error.localizedDescription)")
            }
            printError("Wrote \(out).")
        }
    }
}

/// Reads what the exports need beyond the snapshot: bodies, extra fields, journal days.
enum ExportData {
    static func items(_ ws: Workspace) throws(CarouselError) -> [ICalendar.Item] {
        var items: [ICalendar.Item] = []
        for card in ws.snapshot.cards {
            let file = try ws.open(card)
            let fields = try? FrontMatterFields(document: file.document)
            let field = fields?["remind"]
            let remind = field.map { $0.value.sequence?.compactMap { $0.scalar?.string }.joined(separator: ",") ?? $0.value.scalar?.string ?? "" }
            let key = fields?["import_key"]?.value.scalar?.string
            var item = ICalendar.Item(card: card, body: file.document.body, remind: remind, uid: ICalendar.Item.uid(importKey: key),
                                      location: fields?["location"]?.value.scalar?.string, importanceSet: fields?["importance"] != nil)
            item.occurrenceOf = ICalendar.Item.occurrence(importKey: key)
            items.append(item)
        }
        return items
    }

    static func csv(_ ws: Workspace, kind: Export.Table) throws(CarouselError) -> String {
        let days = JournalRecords.all(vault: ws.vault)
        switch kind {
        case .cards:
            let rows = try items(ws).sorted { $0.card.path < $1.card.path }
                .map { CSV.cardRow($0.card, location: $0.location, remind: $0.remind) }
            return CSV.render(header: CSV.cardColumns, rows: rows)
        case .focus:
            return CSV.render(header: ["date", "start", "planned", "minutes", "card"],
                              rows: days.flatMap { d in d.focus.map { [d.date.iso, $0.start, String($0.planned), String($0.minutes), $0.card ?? ""] } })
        case .habits:
            let habits = HabitLoader.load(vault: ws.vault).habits.sorted { $0.slug < $1.slug }
            return CSV.render(header: CSV.habitColumns, rows: habits.flatMap { CSV.habitRows($0, through: ws.today) })
        case .xp:
            let habits = HabitLoader.load(vault: ws.vault).habits
            let view = ProgressView.make(cards: ws.snapshot.cards, habits: habits, journal: JournalActivity.load(vault: ws.vault),
                                         today: ws.today, weeks: 520)
            return CSV.render(header: CSV.xpColumns, rows: view.weeks.filter { $0.xp > 0 }.sorted { $0.start < $1.start }.map(CSV.xpRow))
        case .reflections:
            var rows: [[String]] = []
            for d in days {
                if let c = d.checkinNote { rows.append([d.date.iso, "checkin", c, d.sleep.map(String.init) ?? ""]) }
                if let m = d.morning { rows.append([d.date.iso, "morning", m, d.sleep.map(String.init) ?? ""]) }
                if let n = d.night { rows.append([d.date.iso, "night", n, d.sleep.map(String.init) ?? ""]) }
            }
            return CSV.render(header: ["date", "kind", "text", "sleep"], rows: rows)
        }
    }

    /// `export --format json`: everything as parsed (shape in docs/cli.md).
    struct Everything: Encodable {
        let formatVersion: Int
        let today: String
        let settings: SettingsJSON
        let cards: [CardJSON.Document]
        let journal: [JournalEntry]
        let problems: [String]
        enum CodingKeys: String, CodingKey { case today, settings, cards, journal, problems, formatVersion = "format_version" }
    }

    struct SettingsJSON: Encodable {
        let budget: Int
        let carousel: String
        let views: [String]
        let weekStart: Int
        let theme: String
        let reduceMotion: Bool
        enum CodingKeys: String, CodingKey {
            case budget, carousel, views, theme
            case weekStart = "week_start", reduceMotion = "reduce_motion"
        }
    }

    struct JournalEntry: Encodable {
        let path: String
        /// The day's front-matter as written.
        let fields: JSON
    }

    static func json(_ ws: Workspace) throws(CarouselError) -> Everything {
        var cards: [CardJSON.Document] = []
        for card in ws.snapshot.cards.sorted(by: { $0.path < $1.path }) { cards.append(CardJSON.full(try ws.open(card))) }
        var journal: [JournalEntry] = []
        for path in FileSystem.markdownFiles(root: ws.vault.root, dir: Vault.journalDir).sorted() {
            guard let text = try? ws.vault.readText(path), let doc = try? FrontMatterDocument(text: text),
                  let node = try? YAMLCompose.node(doc.yaml) else { continue }
            journal.append(JournalEntry(path: path, fields: CardJSON.value(node)))
        }
        let s = ws.settings
        return Everything(
            formatVersion: 1, today: ws.today.iso,
            settings: SettingsJSON(budget: s.budget, carousel: s.carousel.rawValue, views: s.views, weekStart: s.weekStart,
                                   theme: s.theme, reduceMotion: s.reduceMotion),
            cards: cards, journal: journal, problems: ws.diagnostics.map(\.description))
    }
}
