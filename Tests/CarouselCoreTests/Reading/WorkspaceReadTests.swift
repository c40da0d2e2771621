@testable import CarouselCore
import XCTest

/// Each view of `Workspace`, asked first of the index and then, in the same workspace, after
/// every card is loaded into memory (`loadCards`): written once against `CardSource`, it must
/// show the same either way.
final class WorkspaceReadTests: XCTestCase {
    /// Every view a command or the page reads through the workspace, as one text per view.
    private func views(_ ws: Workspace) throws -> [String: String] {
        let today = ws.today
        var out: [String: String] = [:]
        out["home"] = dumped(try ws.home())
        out["home 0"] = dumped(try ws.home(stripLimit: 0))
        out["today"] = dumped(TodayView.make(try ws.todaySnapshot(), today: today))
        out["overdue"] = "\(try ws.overdueCount())"
        out["count"] = "\(try ws.cardCount())"
        for mode in [Settings.Mode.smart, .linear] {
            for limit in [0, 1, 3, 5] { out["carousel \(mode) \(limit)"] = dumped(try ws.carousel(mode: mode, limit: limit)) }
        }
        for limit in [0, 1, 4] { out["board \(limit)"] = dumped(try ws.board(limit: limit)) }
        for period in CalendarView.Period.allCases {
            let (from, to) = CalendarView.range(period, around: today, weekStart: ws.settings.weekStart)
            out["calendar \(period)"] = dumped(CalendarView.make(try ws.snapshot(placedFrom: from, to: to), period: period, date: today, limit: 10))
            // `Workspace.calendar`, worked out and then read back from what the index kept: the
            // same view as one made over every card that can land in the range.
            for limit in [2, 10] {
                let made = dumped(CalendarView.make(try ws.snapshot(placedFrom: from, to: to), period: period, date: today, limit: limit))
                XCTAssertEqual(dumped(try ws.calendar(period, around: today, limit: limit)), made, "\(today) \(period) \(limit)")
                XCTAssertNotNil(ws.index.remembered(ws.calendarKey(period, from: from, to: to, limit: limit)), "\(today) \(period) \(limit)")
                XCTAssertEqual(dumped(try ws.calendar(period, around: today, limit: limit)), made, "\(today) \(period) \(limit) kept")
            }
        }
        out["timeline"] = dumped(TimelineView.make(try ws.snapshot(placedFrom: today, to: today), date: today))
        XCTAssertEqual(dumped(TimelineView.make(try ws.snapshot(timedFrom: today, to: today), date: today)), out["timeline"],
                       "the timeline over the timed cards only")
        out["clock"] = dumped(try ws.clock(now: 600))
        out["countdown"] = dumped(CountdownView.make(try ws.snapshot(kind: .event), today: today, past: true))
        var overdue = CardFilter()
        overdue.overdue = true
        out["list"] = dumped(try ws.cards(CardFilter()))
        out["list --overdue --limit 3"] = dumped(try ws.firstCards(overdue, count: 3))
        out["search"] = dumped(try ws.cards(CardFilter(), containing: "watering"))
        out["search 2"] = dumped(try ws.firstCards(CardFilter(), containing: "mum", count: 2))
        for ref in ["card-58", "card-5", "01KTEST000012", "twin", "card-8", "nothing", "3"] {
            out["resolve \(ref)"] = (try? ws.resolve(ref)).map(dumped) ?? "error"
        }
        for name in ["card-27", "card-28", "01KTEST000038", "none"] { out["named \(name)"] = dumped(try ws.card(named: name) as Any) }
        for ref in ["card-28", "card-38", "card-20"] {
            let card = try ws.resolve(ref)
            out["children \(ref)"] = dumped(try ws.children(of: card))
            out["blockers \(ref)"] = dumped(try ws.blockers(of: card))
        }
        out["blockers card-27"] = dumped(try ws.blockers(of: try ws.resolve("card-27")))
        out["cycles"] = dumped(try ws.cyclesFound())
        return out
    }

    func testEveryViewShowsTheSameFromTheIndexAndFromEveryCard() throws {
        let fixture = try ReadFixture.make(self, name: "workspace-read")
        for day in ReadFixture.days.prefix(4) {
            let ws = try Workspace(vault: fixture.vault, moment: Moment(today: day, minutes: 720, seconds: 0, epochMilliseconds: 0),
                                   environment: [:], forWriting: false)
            XCTAssertTrue(ws.source is CardIndex)
            let narrow = try views(ws)
            _ = try ws.loadCards(reusing: nil)
            XCTAssertTrue(ws.source is MemoryCardSource)
            let whole = try views(ws)
            XCTAssertEqual(narrow.keys.sorted(), whole.keys.sorted())
            for key in narrow.keys.sorted() { XCTAssertEqual(narrow[key], whole[key], "\(day): \(key)") }
        }
    }

    /// `pull` and `drop` record the day from the cards pulled into it (`journalWrite`): the
    /// same record from the index as from every card.
    func testTheDayIsRecordedTheSameFromTheIndexAndFromEveryCard() throws {
        let fixture = try ReadFixture.make(self, name: "workspace-journal")
        let day = ReadFixture.days[0]
        func records(_ ws: Workspace) throws -> [String] {
            var pulled = try ws.resolve("card-3")
            pulled.today = day
            var dropped = try ws.resolve("card-23")
            dropped.today = nil
            var new = Card(slug: "new-one", path: "cards/new-one.md", title: "New one")
            new.today = day
            return [try ws.journalWrite(changed: [pulled]), try ws.journalWrite(changed: [dropped]),
                    try ws.journalWrite(changed: [pulled, new], order: ["new-one"])].map { $0.text ?? "" }
        }
        let ws = try Workspace(vault: fixture.vault, moment: Moment(today: day, minutes: 720, seconds: 0, epochMilliseconds: 0),
                               environment: [:], forWriting: false)
        let narrow = try records(ws)
        _ = try ws.loadCards(reusing: nil)
        XCTAssertEqual(narrow, try records(ws))
        XCTAssertTrue(narrow[0].contains("01KTEST000003"), narrow[0])
        XCTAssertFalse(narrow[1].contains("01KTEST000023"), narrow[1])
    }
}
