import ArgumentParser
import CarouselCore

struct Rule: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rule",
        abstract: "Check a repeat rule: its normal form, RRULE, summary and next dates. Needs no vault.",
        discussion: """
            Human rules: "every day", "every weekday", "every 2 weeks on tue, thu", "every month on the 15th",
            "every month on the last friday", "every year on mar 3", "… until 2026-12-30", "… for 10 times",
            "3 days after done". RRULE text works too: FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH.
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The rule, in quotes.")
    var text: String

    @Option(help: "The first date (DTSTART) to count from (default: today).")
    var from: String?

    @Option(help: "How many dates to list (default 14).")
    var count = 14

    func validate() throws {
        guard (1...1000).contains(count) else { throw ValidationError("--count must be 1–1000, found \(count)") }
    }

    func run() throws {
        try reporting {
            let today = options.moment.today
            var anchor = today
            if let from {
                guard let d = DateInput.parse(from, today: today)?.day else {
                    throw CarouselError.invalidValue(field: "--from", message: DateInput.refusal(from))
                }
                anchor = d
            }
            let rule: RecurrenceRule
            do {
                rule = try RecurrenceRule.parse(text)
            } catch let error as RecurrenceError {
                throw CarouselError.usage("that rule doesn't read: " + RuleText.explain(error, in: text))
            }
            // RRULE text with --from counts from that DTSTART, as RFC 5545 and dateutil do; a
            // human rule from where a card with it, added that day, would start its series
            // (its first natural day).
            let isRRule = text.contains("=")
            let start = from != nil && isRRule ? anchor : rule.seriesStart(writtenOn: anchor)
            let dates = rule.occurrences(anchor: start, from: anchor, limit: count)
            if options.json {
                return Output(rule: rule.normalized, rrule: rule.rrule, summary: rule.summary, dates: dates.map(\.iso)).printJSON()
            }
            let t = Terminal.current
            var out = ["", "  " + t.dim(fit("rule", 9)) + rule.normalized, "  " + t.dim(fit("RRULE", 9)) + rule.rrule,
                       "  " + t.dim(fit("summary", 9)) + t.bold(rule.summary), ""]
            if dates.isEmpty {
                out.append("  No dates on or after \(Words.shortDate(anchor)) \(anchor.year): the rule has ended.")
            } else {
                out.append("  " + t.dim("next \(Words.plural(dates.count, "date")) from \(anchor.iso):"))
                out += dates.map { "    " + $0.iso + "  " + Words.shortDate($0) + ($0.year != anchor.year ? " \($0.year)" : "") }
            }
            out.append("")
            print(out.joined(separator: "\n"))
        }
    }
}

extension Rule {
    /// `rule --json`.
    struct Output: Encodable {
        let rule, rrule, summary: String
        let dates: [String]
    }
}
