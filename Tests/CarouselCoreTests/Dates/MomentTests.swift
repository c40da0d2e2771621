@testable import CarouselCore
import Foundation
import XCTest

/// `Moment.now` reads the local time from the C library; Foundation's calendar, asked in the
/// same zone at the same instant, must give the same day and time.
final class MomentTests: XCTestCase {
    func testNowIsFoundationsLocalTimeInEachZone() throws {
        let saved = getenv("TZ").map { String(cString: $0) }
        defer {
            if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
            tzset()
            NSTimeZone.resetSystemTimeZone()
        }
        for zone in ["UTC", "Pacific/Kiritimati", "America/Adak", "Asia/Kathmandu", "Europe/London", "Australia/Lord_Howe"] {
            setenv("TZ", zone, 1)
            tzset()
            NSTimeZone.resetSystemTimeZone()
            let now = Moment.now(pinned: nil)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try XCTUnwrap(TimeZone(identifier: zone))
            let instant = Date(timeIntervalSince1970: Double(now.epochMilliseconds) / 1000)
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
            XCTAssertEqual(now.today, Day(year: c.year!, month: c.month!, day: c.day!), zone)
            XCTAssertEqual(now.minutes, c.hour! * 60 + c.minute!, zone)
            XCTAssertEqual(now.seconds, c.second!, zone)
        }
    }

    func testAPinnedDayKeepsTheTimeOfDay() throws {
        let day = try XCTUnwrap(Day(iso: "2026-11-23"))
        let pinned = Moment.now(pinned: day)
        XCTAssertEqual(pinned.today, day)
        XCTAssertTrue((0..<1440).contains(pinned.minutes))
    }
}
