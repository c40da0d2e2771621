import XCTest
@testable import CarouselCore

/// Series bookkeeping: a fixed start, the open occurrence, and the end of a series.
final class SeriesTests: XCTestCase {
    let d = V.day

    func card(_ rule: String, due: String?, completed: [String] = [], skipped: [String] = [],
              seriesStart: String? = nil, done: String? = nil, kind: CardKind = .task) -> Card {
        var c = V.card("c", due: due, repeatRule: rule, kind: kind)
        c.completed = completed.map(d)
        c.skipped = skipped.map(d)
        c.seriesStart = seriesStart.map(d)
        c.done = done.flatMap { DateValue(text: $0) }
        return c
    }

    /// Plays `done` (or `skip`) on each day the way the workspace does, returning the card.
    func play(_ start: Card, _ days: [(String, String)]) -> Card {
        var c = start
        for (action, iso) in days {
            let today = d(iso)
            guard let series = Series(c, today: today), !Occurrence.isDone(c, today: today) else { continue }
            if series.needsStoredStart { c.seriesStart = series.start }
            if action == "done" { c.completed = Array(Set(c.completed + [today])).sorted() } else {
                guard series.isOpenOccurrence(today) else { continue }
                c.skipped = Array(Set(c.skipped + [today])).sorted()
            }
            if let next = series.next(afterRecording: today) {
                c.due = DateValue(day: next)
            } else {
                c.done = DateValue(day: today)
            }
        }
        return c
    }

    func testCountCountsFromTheFirstOccurrenceNotFromDue() {
        let c = play(card("every day for 3 times", due: "2026-11-20"),
                     ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"].map { ("done", $0) })
        XCTAssertEqual(c.completed, ["2026-11-20", "2026-11-21", "2026-11-22"].map(d))
        XCTAssertNotNil(c.done)
        XCTAssertEqual(c.due?.day, d("2026-11-22"))
        XCTAssertTrue(Occurrence.isFinished(c, today: d("2026-11-26")))
        XCTAssertFalse(Occurrence.isOverdue(c, today: d("2026-11-29")))
    }

    func testSkippedOccurrencesCountToo() {
        let c = play(card("FREQ=DAILY;COUNT=3", due: "2026-11-20"),
                     [("skip", "2026-11-20"), ("done", "2026-11-21"), ("skip", "2026-11-22")])
        XCTAssertNotNil(c.done)
        XCTAssertEqual(c.skipped, ["2026-11-20", "2026-11-22"].map(d))
    }

    func testMissedOccurrencesCountAndTheSeriesEndsByItself() {
        let c = card("every week on mon for 3 times", due: "2026-11-02")
        let s = Series(c, today: d("2026-11-10"))!
        // Mon 2 Nov was missed: the open one is the next on or after today.
        XCTAssertEqual(s.pending(today: d("2026-11-10")), d("2026-11-16"))
        XCTAssertEqual(s.pending(today: d("2026-11-16")), d("2026-11-16"))
        XCTAssertNil(s.pending(today: d("2026-11-17")))
        XCTAssertTrue(Occurrence.isDone(c, today: d("2026-11-17")))
    }

    func testUntilDateAndDateTimeAreInclusive() {
        for rule in ["every day until 2026-11-22", "FREQ=DAILY;UNTIL=20261122", "FREQ=DAILY;UNTIL=20261122T235959Z"] {
            let c = play(card(rule, due: "2026-11-21"), [("done", "2026-11-21"), ("done", "2026-11-22")])
            XCTAssertNotNil(c.done, rule)
            XCTAssertEqual(c.due?.day, d("2026-11-22"), rule)
            XCTAssertFalse(Occurrence.isOverdue(c, today: d("2026-11-29")), rule)
            XCTAssertNil(Suggestions.rank(V.snapshot([c], today: d("2026-11-29")), today: d("2026-11-29"), mode: .smart, limit: 0).first, rule)
        }
    }

    func testStoredStartKeepsCountingWhenDueMoves() {
        // Due moved to the 22nd by hand: the count still starts on the 20th.
        let c = card("every day for 3 times", due: "2026-11-22", seriesStart: "2026-11-20")
        let s = Series(c, today: d("2026-11-22"))!
        XCTAssertEqual(s.start, d("2026-11-20"))
        XCTAssertNil(s.next(afterRecording: d("2026-11-22")))
        // Without the stored start the card's own dates give it.
        let old = card("every day for 3 times", due: "2026-11-22", completed: ["2026-11-20", "2026-11-21"])
        XCTAssertEqual(Series.start(of: old), d("2026-11-20"))
        XCTAssertNil(Series(old, today: d("2026-11-22"))!.next(afterRecording: d("2026-11-22")))
    }

    func testAfterDoneRulesEndByCountAndUntil() {
        let counted = play(card("2 days after done for 2 times", due: "2026-11-20"), [("done", "2026-11-21"), ("done", "2026-11-23")])
        XCTAssertEqual(counted.completed, ["2026-11-21", "2026-11-23"].map(d))
        XCTAssertNotNil(counted.done)
        let until = card("3 days after done until 2026-11-25", due: "2026-11-20")
        let s = Series(until, today: d("2026-11-21"))!
        XCTAssertEqual(s.next(afterRecording: d("2026-11-21")), d("2026-11-24"))
        XCTAssertNil(s.next(afterRecording: d("2026-11-23")))
        // Untouched past its end: over.
        XCTAssertTrue(Occurrence.isFinished(until, today: d("2026-11-26")))
        // Before that, an overdue after-done card is due today, never in the past.
        XCTAssertEqual(Occurrence.dueDay(of: until, today: d("2026-11-23")), d("2026-11-23"))
    }

    func testOpenOccurrenceIsNeverBeforeToday() {
        let event = card("every year", due: "2026-03-02", kind: .event)
        XCTAssertEqual(Occurrence.dueDay(of: event, today: d("2026-11-22")), d("2027-03-02"))
        XCTAssertFalse(Occurrence.isPastEvent(event, today: d("2026-11-22")))
        let weekly = card("every week on fri", due: "2026-11-06")
        XCTAssertEqual(Occurrence.dueDay(of: weekly, today: d("2026-11-22")), d("2026-11-27"))
        XCTAssertFalse(Occurrence.isOverdue(weekly, today: d("2026-11-22")))
    }

    func testSkipOnlyOnTheOpenOccurrence() {
        let c = card("every week on mon, wed", due: "2026-11-23")
        let s = Series(c, today: d("2026-11-24"))!
        XCTAssertFalse(s.isOpenOccurrence(d("2026-11-24")))
        XCTAssertTrue(s.isOpenOccurrence(d("2026-11-25")))
    }

    func testDaysShowTheSeriesWithinItsEnd() {
        let c = play(card("every day for 3 times", due: "2026-11-20"), [("done", "2026-11-20")])
        XCTAssertEqual(Placement.days(of: c, from: d("2026-11-18"), to: d("2026-11-30")), ["2026-11-20", "2026-11-21", "2026-11-22"].map(d))
    }

    func testOverdueIsOneDefinition() {
        var done = V.card("done", due: "2026-11-01")
        done.done = DateValue(text: "2026-11-02")
        let open = V.card("open", due: "2026-11-01")
        let event = V.card("party", due: "2026-11-01", kind: .event)
        let today = d("2026-11-10")
        XCTAssertEqual([done, open, event].filter { Occurrence.isOverdue($0, today: today) }.map(\.slug), ["open"])
        XCTAssertTrue(Occurrence.isPastEvent(event, today: today))
        let snapshot = V.snapshot([done, open, event], today: today)
        let board = BoardView.make(snapshot, today: today)
        let home = HomeView.make(snapshot, today: today)
        XCTAssertEqual(board.items(.overdue).map(\.card.slug), ["open"])
        XCTAssertEqual(home.overdue, 1)
        var filter = CardFilter()
        filter.overdue = true
        XCTAssertEqual(filter.apply(snapshot.cards, today: today).map(\.slug), ["open"])
    }

    /// Done on a day between occurrences, after a missed one: that one is done late, and the
    /// coming occurrence stays open (it is not skipped over).
    func testLateDoneCompletesTheMissedOccurrence() {
        let every2 = play(card("every 2 weeks on tue, thu for 4 times", due: "2026-11-03"),
                          [("done", "2026-11-03"), ("done", "2026-11-05"), ("done", "2026-11-18")])
        XCTAssertNil(every2.done)
        XCTAssertEqual(every2.due?.day, d("2026-11-19"))
        let finished = play(every2, [("done", "2026-11-19")])
        XCTAssertNotNil(finished.done)
        let month = play(card("every month on the 31st for 3 times", due: "2026-10-31"), [("done", "2026-11-01")])
        XCTAssertEqual(month.due?.day, d("2026-12-31"))
        let last = play(month, [("done", "2026-12-31"), ("done", "2027-01-31")])
        XCTAssertNotNil(last.done, "31 Oct, 31 Dec, 31 Jan: the third is the last")
        XCTAssertEqual(last.completed.count, 3)
        XCTAssertTrue(Occurrence.isFinished(last, today: d("2027-02-01")))
    }
}
