@testable import CarouselCore
import XCTest

/// Real titles with date-like words: the title and the date come out as a person means them.
/// A date word is read at the end of the line or after due/by/on; inside a title it is a word.
final class CaptureTitlesTests: XCTestCase {
    let monday = Day(iso: "2026-11-23")!

    /// (typed, title, due as ISO or nil, start time as HH:MM or nil)
    let table: [(String, String, String?, String?)] = [
        // Films, books, shows and songs: the date word is part of the name.
        ("Read Tomorrow Never Dies", "Read Tomorrow Never Dies", nil, nil),
        ("Watch Friday Night Lights", "Watch Friday Night Lights", nil, nil),
        ("Watch Friday Night Lights tomorrow", "Watch Friday Night Lights", "2026-11-24", nil),
        ("Watch Sunday Bloody Sunday video", "Watch Sunday Bloody Sunday video", nil, nil),
        ("Read Saturday by Ian McEwan", "Read Saturday by Ian McEwan", nil, nil),
        ("Reread The Man Who Was Thursday with the club", "Reread The Man Who Was Thursday with the club", nil, nil),
        ("Watch Tomorrowland", "Watch Tomorrowland", nil, nil),
        ("Learn Manic Monday on guitar", "Learn Manic Monday on guitar", nil, nil),
        ("Watch Yesterday with Dad", "Watch Yesterday with Dad", nil, nil),
        ("Yesterday task", "Yesterday task", nil, nil),
        ("Watch Saturday Night Live", "Watch Saturday Night Live", nil, nil),
        ("Read Today Will Be Different", "Read Today Will Be Different", nil, nil),
        ("Watch Next Friday film", "Watch Next Friday film", nil, nil),
        ("Read A Week in December", "Read A Week in December", nil, nil),
        ("Watch Seven Days in May", "Watch Seven Days in May", nil, nil),
        ("Finish Friday Black stories", "Finish Friday Black stories", nil, nil),
        // People and events named like dates.
        ("Call May", "Call May", nil, nil),
        ("Email June about the flat", "Email June about the flat", nil, nil),
        ("Lunch with April", "Lunch with April", nil, nil),
        ("Plan March madness party", "Plan March madness party", nil, nil),
        ("Book Friday drinks venue", "Book Friday drinks venue", nil, nil),
        ("Prepare Monday meeting notes", "Prepare Monday meeting notes", nil, nil),
        ("Write Sunday roast shopping list", "Write Sunday roast shopping list", nil, nil),
        ("Ask about today's agenda", "Ask about today's agenda", nil, nil),
        ("Weekend plans with Sam", "Weekend plans with Sam", nil, nil),
        // Numbers that are amounts, not days or times.
        ("Buy 2 apples", "Buy 2 apples", nil, nil),
        ("Buy 12 eggs", "Buy 12 eggs", nil, nil),
        ("Run 5 km", "Run 5 km", nil, nil),
        ("Read 10 pages", "Read 10 pages", nil, nil),
        ("Order 3 boxes of tea", "Order 3 boxes of tea", nil, nil),
        ("Fix 4 chairs", "Fix 4 chairs", nil, nil),
        ("Print 30 copies", "Print 30 copies", nil, nil),
        ("Pay 50 to Alex", "Pay 50 to Alex", nil, nil),
        ("Do 20 push-ups", "Do 20 push-ups", nil, nil),
        ("Water 6 plants", "Water 6 plants", nil, nil),
        // Dates where people put them: at the end, or after due/by/on.
        ("Call Mum fri 3pm", "Call Mum", "2026-11-27", "15:00"),
        ("Call Mum tomorrow", "Call Mum", "2026-11-24", nil),
        ("Buy milk tomorrow", "Buy milk", "2026-11-24", nil),
        ("Pay rent by friday", "Pay rent", "2026-11-27", nil),
        ("Submit report due monday", "Submit report", "2026-11-30", nil),
        ("Dentist on dec 5", "Dentist", "2026-12-05", nil),
        ("Fix bike dec 5", "Fix bike", "2026-12-05", nil),
        ("Send card 5 dec", "Send card", "2026-12-05", nil),
        ("Book flights december 5th", "Book flights", "2026-12-05", nil),
        ("Pay tax 3/14", "Pay tax", "2027-03-14", nil),
        ("Pay rent the 30th", "Pay rent", "2026-11-30", nil),
        ("Party on the 14th", "Party", "2026-12-14", nil),
        ("Hang 5 decorations", "Hang 5 decorations", nil, nil),
        ("Watch Ocean's 11 in may", "Watch Ocean's 11 in may", nil, nil),
        ("Meet Jo on friday for lunch", "Meet Jo for lunch", "2026-11-27", nil),
        ("Renew passport next week", "Renew passport", "2026-11-30", nil),
        ("Send invoice in 3 days", "Send invoice", "2026-11-26", nil),
        ("Book flights today", "Book flights", "2026-11-23", nil),
        ("Take out recycling thursday", "Take out recycling", "2026-11-26", nil),
        ("Pick up parcel 2026-12-01", "Pick up parcel", "2026-12-01", nil),
        ("Read Tomorrow Never Dies by sunday", "Read Tomorrow Never Dies", "2026-11-29", nil),
        ("Watch Friday Night Lights on saturday", "Watch Friday Night Lights", "2026-11-28", nil),
        ("Call May tomorrow", "Call May", "2026-11-24", nil),
        ("Buy 2 apples tomorrow", "Buy 2 apples", "2026-11-24", nil),
        ("Plan March madness party on friday", "Plan March madness party", "2026-11-27", nil),
        ("Standup tomorrow 9:30", "Standup", "2026-11-24", "09:30"),
        ("Call the bank tomorrow at 10am", "Call the bank", "2026-11-24", "10:00"),
        ("Gym tomorrow #health", "Gym", "2026-11-24", nil),
        ("Call Mum fri 3pm #family !4", "Call Mum", "2026-11-27", "15:00"),
        ("Haircut friday ~2", "Haircut", "2026-11-27", nil),
        ("Move the dentist to friday", "Move the dentist to friday", nil, nil),
        ("Swap shifts from monday", "Swap shifts from monday", nil, nil),
        // Times inside a title stay, at the end or after "at" they are read.
        ("Catch the 3pm train home", "Catch the 3pm train home", nil, nil),
        ("Coffee with Kim at 3pm", "Coffee with Kim", nil, "15:00"),
        ("Yoga at 7am tomorrow", "Yoga", "2026-11-24", "07:00"),
        ("Write 9:30 standup notes", "Write 9:30 standup notes", nil, nil),
        // Ordinary titles with no dates at all.
        ("Sort out that pile of mail", "Sort out that pile of mail", nil, nil),
        ("Reply to Jamie's email", "Reply to Jamie's email", nil, nil),
        ("Research pottery classes", "Research pottery classes", nil, nil),
    ]

    func testTitlesAndDatesComeOutAsMeant() {
        XCTAssertGreaterThanOrEqual(table.count, 60)
        for (typed, title, due, time) in table {
            let c = QuickCapture.parse(typed, today: monday)
            XCTAssertEqual(c.title, title, typed)
            XCTAssertEqual(c.due?.iso, due, typed)
            XCTAssertEqual(c.time.map { String(format: "%02d:%02d", $0 / 60, $0 % 60) }, time, typed)
        }
    }
}
