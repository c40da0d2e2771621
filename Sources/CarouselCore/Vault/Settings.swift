import Foundation
import Yams

/// `carousel.yaml`: the vault's settings, committed with the vault.
public struct Settings: Sendable, Equatable {
    public enum Mode: String, Sendable, CaseIterable { case smart, linear }

    /// Daily spoon budget, 5–20.
    public var budget: Int = 10
    public var carousel: Mode = .smart
    /// Views shown on home besides today and the carousel.
    public var views: [String] = ["board", "habits", "countdown"]
    /// 1 = Monday … 7 = Sunday.
    public var weekStart: Int = 1
    /// `date_order: dmy`: a typed `3/4` is 3 April; the default `mdy` reads it as 4 March.
    public var dayFirst = false
    public var theme: String = "auto"
    public var reduceMotion: Bool = false
    /// Category name (lowercased) → colour name, from `categories:`.
    public var categoryColors: [String: String] = [
        "personal": "blue", "work": "magenta", "health": "green", "creative": "yellow", "other": "white",
    ]
    /// Tag (lowercased) → its colour and icon, from `tags:`.
    public var tagStyles: [String: TagStyle] = [:]
    /// `sync: {timeout: 60}`: seconds a sync may wait without a word from the remote.
    public var syncTimeout: Int?
    /// The first day the vault was used, for the settings guardrail.
    public var started: Day?
    /// `checkin_reminder: "20:30"`: the evening check-in nudge, minutes after midnight.
    public var checkinReminder: Int?
    /// `day_end: "22:00"`: when the day ends, minutes after midnight (home's "time left");
    /// a time before 05:00 is after midnight (`DayClock`).
    public var dayEnd: Int = 22 * 60
    /// `format: tasknotes`: new cards are written with TaskNotes' keys (docs/format.md).
    public var cardFormat: CardFormat = .carousel

    /// The keys new cards are written with. Either way every card reads both.
    public enum CardFormat: String, Sendable, CaseIterable { case carousel, tasknotes }
    /// `time_zone:` the vault's zone: times on cards without their own `tz:` are readings of
    /// this zone's clock on every device. Nil: such times float (see `ZonedTime`).
    public var timeZone: String?
    /// The zone of `time_zone:`, when set.
    public var vaultZone: TimeZone? { timeZone.flatMap(ZonedTime.zone(named:)) }
    /// `transition: 10m`: `carousel remind` says this long before each fixed thing (an event or
    /// a card with a start time) that it is coming, so a change of activity is not a surprise.
    public var transition: Int?
    /// `watch: watchman`: a refresh asks Watchman which card files changed instead of stat'ing
    /// every one (`carousel watch on`); `off` (the default) never talks to it.
    public var watch: Watch = .off

    public enum Watch: String, Sendable, CaseIterable { case off, watchman }

    public init() {}

    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// The file Carousel writes for a new vault.
    public static func initialText(started: Day, format: CardFormat = .carousel) -> String {
        let formatLine = format == .carousel ? "" : "format: \(format.rawValue)   # new cards use TaskNotes' keys (status, priority, dateCreated, …)\n"
        return """
        # Carousel settings. Edit by hand or with `carousel config KEY VALUE`; every change is a commit.
        budget: 10          # daily spoon budget, 5–20
        carousel: smart     # smart or linear
        views: [board, habits, countdown]
        week_start: monday
        theme: auto         # auto (colour on a terminal) or plain
        reduce_motion: false
        started: \(started.iso)
        \(formatLine)categories:
          personal: blue
          work: magenta
          health: green
          creative: yellow
          other: white

        """
    }

    /// Every key `carousel.yaml` understands.
    public static let keys = ["budget", "carousel", "views", "week_start", "theme", "reduce_motion", "started", "categories", "sync", "checkin_reminder", "tags", "date_order", "day_end", "transition", "time_zone", "format", "cards_folder", "tasknotes", "watch"]
    /// The views home can point at.
    public static let viewNames = ["board", "habits", "streaks", "countdown", "calendar", "timeline", "checkin", "check-in"]
    /// `theme`: `auto` colours a terminal, `plain` never colours.
    public static let themes = ["auto", "plain"]
    /// `date_order`: how `3/4` is read, month first (`mdy`, the default) or day first (`dmy`).
    public static let dateOrders = ["mdy", "dmy"]
    /// Colours a category or a tag may take.
    public static let colors = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
    static let booleans = ["true": true, "yes": true, "on": true, "false": false, "no": false, "off": false]

    /// Parses settings text; problems come back with line and column. Every known key is checked
    /// against its range; unknown keys are kept and reported by `read(text:path:)`.
    public static func parse(text: String, path: String = "carousel.yaml") throws(FileDiagnostic) -> Settings {
        try read(text: text, path: path).settings
    }

    /// The settings, and a warning for each key Carousel does not know, from one reading.
    public static func read(text: String, path: String = "carousel.yaml") throws(FileDiagnostic)
        -> (settings: Settings, warnings: [FileDiagnostic]) {
        var settings = Settings()
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        func diag(_ mark: Mark?, _ message: String) -> FileDiagnostic {
            let line = mark?.line ?? 1
            let source = line <= lines.count ? String(lines[line - 1]) : nil
            return FileDiagnostic(path: path, line: line, column: mark?.column ?? 1, message: message, sourceLine: source)
        }
        let root: Node?
        do {
            // Only the text of each value is read, so no tag is resolved (the default resolver
            // compiles its regular expressions on first use, at every start).
            root = try YAMLCompose.node(text)
        } catch let error as YamlError {
            let located = FrontMatterFields.locate(error, offset: 0)
            throw FileDiagnostic(path: path, line: located.line, column: located.column, message: located.message,
                                 sourceLine: located.line <= lines.count ? String(lines[located.line - 1]) : nil)
        } catch {
            throw diag(nil, "cannot read settings: \(error)")
        }
        guard let root, let mapping = root.mapping else { return (settings, []) }
        let whole = text
        for (k, v) in mapping {
            guard let key = k.scalar?.string else { continue }
            let text = v.scalar?.string ?? ""
            func choice(_ allowed: [String]) throws(FileDiagnostic) -> String {
                let lower = text.lowercased()
                guard allowed.contains(lower) else {
                    throw diag(v.mark, "\(key) must be \(Self.list(allowed)), found \"\(text)\"")
                }
                return lower
            }
            switch key {
            case "budget":
                guard let b = Int(text), (5...20).contains(b) else { throw diag(v.mark, "budget must be 5–20, found \"\(text)\"") }
                settings.budget = b
            case "carousel":
                settings.carousel = Mode(rawValue: try choice(Mode.allCases.map(\.rawValue))) ?? .smart
            case "views":
                guard let items = v.sequence else {
                    throw diag(v.mark, "views must be a list like [board, habits, countdown], found \"\(text)\"")
                }
                settings.views = []
                for item in items {
                    let name = item.scalar?.string ?? ""
                    guard viewNames.contains(name.lowercased()) else {
                        throw diag(item.mark, "views: unknown view \"\(name)\"; the views are \(Self.list(viewNames))."
                            + Nearest.hint(for: name, among: viewNames))
                    }
                    settings.views.append(name.lowercased())
                }
            case "week_start":
                let lower = text.lowercased()
                guard let i = weekdays.firstIndex(where: { $0 == lower || $0.prefix(3) == lower }) else {
                    throw diag(v.mark, "week_start must be a weekday name (monday … sunday), found \"\(text)\"")
                }
                settings.weekStart = i + 1
            case "theme": settings.theme = try choice(themes)
            case "date_order": settings.dayFirst = try choice(dateOrders) == "dmy"
            case "watch": settings.watch = Watch(rawValue: try choice(Watch.allCases.map(\.rawValue))) ?? .off
            case "format": settings.cardFormat = CardFormat(rawValue: try choice(CardFormat.allCases.map(\.rawValue))) ?? .carousel
            case "reduce_motion":
                guard let flag = booleans[text.lowercased()] else {
                    throw diag(v.mark, "reduce_motion must be true or false, found \"\(text)\"")
                }
                settings.reduceMotion = flag
            case "started":
                guard let day = Day(iso: text) else { throw diag(v.mark, "started must be a date like 2026-11-23, found \"\(text)\"") }
                settings.started = day
            case "sync":
                guard let pairs = v.mapping else { throw diag(v.mark, "sync must be a mapping like `sync: {timeout: 60}`") }
                for (k2, v2) in pairs {
                    let name = k2.scalar?.string ?? ""
                    guard name == "timeout" else {
                        throw diag(k2.mark, "sync: unknown setting '\(name)'; sync takes timeout (seconds, 1–3600)")
                    }
                    let text2 = v2.scalar?.string ?? ""
                    guard let n = Int(text2), (1...3600).contains(n) else {
                        throw diag(v2.mark, "sync.timeout must be 1–3600 seconds, found \"\(text2)\"")
                    }
                    settings.syncTimeout = n
                }
            case "checkin_reminder":
                guard let minutes = RemindSpec.timeOfDay(text) else {
                    throw diag(v.mark, "checkin_reminder must be a time of day like \"20:30\", found \"\(text)\"")
                }
                settings.checkinReminder = minutes
            case "day_end":
                guard let minutes = RemindSpec.timeOfDay(text) else {
                    throw diag(v.mark, "day_end must be a time of day like \"22:00\", found \"\(text)\"")
                }
                settings.dayEnd = minutes
            case "time_zone":
                guard let zone = ZonedTime.zone(named: text) else {
                    throw diag(v.mark, "time_zone must be a time zone name like Europe/Berlin or UTC, found \"\(text)\"")
                }
                settings.timeZone = ZonedTime.name(zone)
            case "transition":
                guard case .success(let specs) = RemindSpec.parseList([text]), specs.count == 1,
                      case .before(let minutes) = specs[0], (1...240).contains(minutes) else {
                    throw diag(v.mark, "transition must be a time before each fixed thing like 10m or 1h (at most 4h), found \"\(text)\"")
                }
                settings.transition = minutes
            case "tags": settings.tagStyles = try parseTagStyles(v, diag: diag)
            case "categories":
                guard let pairs = v.mapping else {
                    throw diag(v.mark, "categories must map a category to a colour, like `work: magenta`")
                }
                settings.categoryColors = [:]
                for (category, colour) in pairs {
                    let name = colour.scalar?.string ?? ""
                    guard colors.contains(name.lowercased()) else {
                        throw diag(colour.mark, "a category colour must be \(Self.list(colors)), found \"\(name)\"." + Nearest.hint(for: name, among: colors))
                    }
                    settings.categoryColors[(category.scalar?.string ?? "").lowercased()] = name.lowercased()
                }
            case "cards_folder", "tasknotes":
                // Read when the vault opens (`TaskNotesSettings`); checked here too, so `config` refuses a bad one.
                var layout = VaultLayout.standard
                _ = try TaskNotesSettings.apply(yaml: whole, to: &layout)
            default: break
            }
        }
        return (settings, warnings(mapping, lines: lines, path: path))
    }

    /// The date reader for these settings: the week's first day and the order of `3/4`.
    public func dateWords(today: Day, inText: Bool = false) -> DateWords {
        DateWords(today: today, weekStart: weekStart, inText: inText, dayFirst: dayFirst)
    }

    /// Keys Carousel does not know (kept as they are), each with the nearest known key.
    private static func warnings(_ mapping: Node.Mapping, lines: [Substring], path: String) -> [FileDiagnostic] {
        mapping.compactMap { (k, _) -> FileDiagnostic? in
            guard let key = k.scalar?.string, !keys.contains(key) else { return nil }
            let line = k.mark?.line ?? 1
            return FileDiagnostic(path: path, line: line, column: k.mark?.column ?? 1, severity: .warning,
                                  message: "unknown setting '\(key)', kept as it is." + Nearest.hint(for: key, among: keys),
                                  sourceLine: line <= lines.count ? String(lines[line - 1]) : nil)
        }
    }

    /// "a, b or c".
    static func list(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }
}
