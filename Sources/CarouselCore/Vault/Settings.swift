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
    public var theme: String = "auto"
    public var reduceMotion: Bool = false
    /// The first day the vault was used, for the settings guardrail.
    public var started: Day?

    public init() {}

    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// The file Carousel writes for a new vault.
    public static func initialText(started: Day) -> String {
        """
        # Carousel settings. Edit by hand or with `carousel set-setting`; every change is a commit.
        budget: 10          # daily spoon budget, 5–20
        carousel: smart     # smart or linear
        views: [board, habits, countdown]
        week_start: monday
        theme: auto
        reduce_motion: false
        started: \(started.iso)
        categories:
          personal: blue
          work: magenta
          health: green
          creative: yellow
          other: white

        """
    }

    /// Parses settings text; problems come back with line and column.
    public static func parse(text: String, path: String = "carousel.yaml") throws(FileDiagnostic) -> Settings {
        var settings = Settings()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func diag(_ mark: Mark?, _ message: String) -> FileDiagnostic {
            let line = mark?.line ?? 1
            let source = line <= lines.count ? String(lines[line - 1]) : nil
            return FileDiagnostic(path: path, line: line, column: mark?.column ?? 1, message: message, sourceLine: source)
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            let located = FrontMatterFields.locate(error, offset: 0)
            throw FileDiagnostic(path: path, line: located.line, column: located.column, message: located.message,
                                 sourceLine: located.line <= lines.count ? String(lines[located.line - 1]) : nil)
        } catch {
            throw diag(nil, "cannot read settings: \(error)")
        }
        guard let root, let mapping = root.mapping else { return settings }
        for (k, v) in mapping {
            guard let key = k.scalar?.string else { continue }
            let text = v.scalar?.string ?? ""
            switch key {
            case "budget":
                guard let b = Int(text), (5...20).contains(b) else { throw diag(v.mark, "budget must be 5–20, found \"\(text)\"") }
                settings.budget = b
            case "carousel":
                guard let m = Mode(rawValue: text.lowercased()) else { throw diag(v.mark, "carousel must be smart or linear, found \"\(text)\"") }
                settings.carousel = m
            case "views":
                settings.views = v.sequence?.compactMap { $0.scalar?.string } ?? []
            case "week_start":
                let lower = text.lowercased()
                guard let i = weekdays.firstIndex(where: { $0 == lower || $0.prefix(3) == lower }) else {
                    throw diag(v.mark, "week_start must be a weekday name, found \"\(text)\"")
                }
                settings.weekStart = i + 1
            case "theme": settings.theme = text
            case "reduce_motion": settings.reduceMotion = ["true", "yes", "on"].contains(text.lowercased())
            case "started": settings.started = Day(iso: text)
            default: break
            }
        }
        return settings
    }
}
