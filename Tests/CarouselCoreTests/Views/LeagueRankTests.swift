@testable import CarouselCore
import XCTest

final class LeagueRankTests: XCTestCase {
    func testTieBreaksAreXPThenDaysThenFocusThenJoinTime() {
        let ranked = League.rank([
            LeagueEntry(name: "c", isYou: false, xp: 30, qualifyingDays: 1, focusMinutes: 0, joined: 10),
            LeagueEntry(name: "a", isYou: false, xp: 30, qualifyingDays: 2, focusMinutes: 0, joined: 30),
            LeagueEntry(name: "d", isYou: false, xp: 30, qualifyingDays: 1, focusMinutes: 0, joined: 5),
            LeagueEntry(name: "b", isYou: true, xp: 30, qualifyingDays: 1, focusMinutes: 40, joined: 50),
            LeagueEntry(name: "e", isYou: false, xp: 90, qualifyingDays: 0, focusMinutes: 0, joined: 99),
        ])
        XCTAssertEqual(ranked.map(\.name), ["e", "a", "b", "d", "c"])
        XCTAssertEqual(ranked.map(\.rank), [1, 2, 3, 4, 5])
    }

    func testLadderClimbsStaysAndDrops() {
        XCTAssertEqual(Tier.start, .baseCamp)
        XCTAssertEqual(Tier.baseCamp.after(rank: 1), .montBlanc)
        XCTAssertEqual(Tier.baseCamp.after(rank: 12), .montBlanc)
        XCTAssertEqual(Tier.baseCamp.after(rank: 13), .baseCamp)
        XCTAssertEqual(Tier.baseCamp.after(rank: 15), .baseCamp)
        XCTAssertEqual(Tier.baseCamp.after(rank: 16), .hilltop)
        XCTAssertEqual(Tier.everest.after(rank: 1), .everest)
        XCTAssertEqual(Tier.hilltop.after(rank: 20), .hilltop)
    }
}
