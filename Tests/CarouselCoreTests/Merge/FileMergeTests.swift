import CarouselCore
import XCTest

final class FileMergeTests: XCTestCase {
    let base = """
        ---
        id: 01JCARD
        title: Call Mum
        spoons: 1
        due: 2026-11-23
        tags: [family]
        ---
        Ask about the weekend.
        Bring photos.

        """

    func merged(_ ours: String, _ theirs: String, rule: ClashRule = .ours) -> FileMerge.Result {
        FileMerge.merge(path: "cards/call-mum.md", base: base, ours: ours, theirs: theirs, rule: rule)
    }

    func testDifferentFieldsBothSurviveAndUntouchedBytesStay() {
        let ours = base.replacingOccurrences(of: "spoons: 1", with: "spoons: 2  # tired")
        let theirs = base.replacingOccurrences(of: "due: 2026-11-23", with: "due: 2026-11-25")
        let text = merged(ours, theirs).text ?? ""
        XCTAssertEqual(text, ours.replacingOccurrences(of: "due: 2026-11-23", with: "due: 2026-11-25"))
    }

    func testTagsUnionKeepsOneSidedRemoval() {
        let ours = base.replacingOccurrences(of: "tags: [family]", with: "tags: [family, phone]")
        let theirs = base.replacingOccurrences(of: "tags: [family]", with: "tags: [weekend]")
        XCTAssertTrue(merged(ours, theirs).text?.contains("tags: [phone, weekend]") ?? false, merged(ours, theirs).text ?? "")
    }

    func testCompletedSetsUnionSorted() {
        let b = base.replacingOccurrences(of: "tags: [family]", with: "completed: [2026-11-20]")
        let o = b.replacingOccurrences(of: "[2026-11-20]", with: "[2026-11-20, 2026-11-22]")
        let t = b.replacingOccurrences(of: "[2026-11-20]", with: "[2026-11-20, 2026-11-21]")
        let r = FileMerge.merge(path: "cards/call-mum.md", base: b, ours: o, theirs: t, rule: .ours)
        XCTAssertTrue(r.text?.contains("completed: [2026-11-20, 2026-11-21, 2026-11-22]") ?? false, r.text ?? "")
    }

    func testScalarClashHasDeterministicWinnerAndKeepsTheOtherValue() {
        let ours = base.replacingOccurrences(of: "due: 2026-11-23", with: "due: 2026-11-24")
        let theirs = base.replacingOccurrences(of: "due: 2026-11-23", with: "due: 2026-11-30")
        let theirsWin = merged(ours, theirs, rule: .theirs)
        XCTAssertTrue(theirsWin.text?.contains("due: 2026-11-30") ?? false)
        XCTAssertTrue(theirsWin.text?.contains("conflicts:") ?? false)
        XCTAssertTrue(theirsWin.text?.contains("2026-11-24") ?? false, "the losing value is kept")
        XCTAssertTrue(theirsWin.notes.contains { $0.message.contains("clash") })
        // By value, the result does not depend on which side merges.
        XCTAssertEqual(merged(ours, theirs, rule: .byValue).text?.contains("due: 2026-11-30"), true)
        XCTAssertEqual(FileMerge.merge(path: "cards/call-mum.md", base: base, ours: theirs, theirs: ours, rule: .byValue).text?
            .contains("due: 2026-11-30"), true)
    }

    func testBodyClashKeepsBothVersionsWithoutMarkers() throws {
        let ours = base.replacingOccurrences(of: "Bring photos.", with: "Bring the old photos.")
        let theirs = base.replacingOccurrences(of: "Bring photos.", with: "Bring cake.")
        let text = try XCTUnwrap(merged(ours, theirs).text)
        XCTAssertTrue(text.contains("Bring the old photos.") && text.contains("Bring cake."), text)
        XCTAssertFalse(text.contains("<<<<<<<"))
        XCTAssertNoThrow(try CardParser.parse(text: text, path: "cards/call-mum.md"))
    }

    func testBodyEditsInDifferentPlacesMergeCleanly() {
        let ours = base.replacingOccurrences(of: "Ask about the weekend.", with: "Ask about Saturday.")
        let theirs = base + "Call before 6.\n"
        let text = merged(ours, theirs).text ?? ""
        XCTAssertTrue(text.hasSuffix("Ask about Saturday.\nBring photos.\nCall before 6.\n"), text)
    }

    /// A day logged on both devices adds up (1 here and 2 there are 3), every other day survives.
    func testHabitLogMergesPerDayAddingUpADayLoggedOnBothSides() {
        let b = "---\ntitle: Brush teeth\nlog:\n  2026-11-20: 2\n---\n"
        let o = "---\ntitle: Brush teeth\nlog:\n  2026-11-20: 2\n  2026-11-21: 1\n  2026-11-22: 2\n---\n"
        let t = "---\ntitle: Brush teeth\nlog:\n  2026-11-20: 2\n  2026-11-21: 2\n  2026-11-23: 1\n---\n"
        let r = FileMerge.merge(path: "habits/brush-teeth.md", base: b, ours: o, theirs: t, rule: .ours)
        XCTAssertEqual(r.text, "---\ntitle: Brush teeth\nlog:\n  2026-11-20: 2\n  2026-11-21: 3\n  2026-11-22: 2\n  2026-11-23: 1\n---\n")
        XCTAssertEqual(FileMerge.merge(path: "habits/brush-teeth.md", base: b, ours: t, theirs: o, rule: .theirs).text, r.text)
    }

    /// What each side added to a day already logged in the ancestor is added; a skip stays a clash;
    /// a card's per-day map (not a habit's log) still keeps the larger number.
    func testHabitLogSumCountsFromTheAncestorAndLeavesOtherMapsAlone() {
        let b = "---\ntitle: Walk\nlog:\n  2026-11-21: 2\n  2026-11-22: 1\n---\n"
        let o = "---\ntitle: Walk\nlog:\n  2026-11-21: 3\n  2026-11-22: skip\n---\n"
        let t = "---\ntitle: Walk\nlog:\n  2026-11-21: 5.5\n  2026-11-22: 4\n---\n"
        let r = FileMerge.merge(path: "habits/walk.md", base: b, ours: o, theirs: t, rule: .ours)
        XCTAssertTrue(r.text?.contains("  2026-11-21: 6.5\n  2026-11-22: skip\n") ?? false, r.text ?? "")
        XCTAssertTrue(r.notes.contains { $0.message.contains("added up to 6.5") }, "\(r.notes)")
        let card = FileMerge.merge(path: "cards/x.md", base: b, ours: o, theirs: t, rule: .ours)
        XCTAssertTrue(card.text?.contains("  2026-11-21: 5.5\n") ?? false, card.text ?? "")
    }

    func testSettingsMergePerKey() {
        let b = "budget: 10\ncarousel: smart\n"
        let r = FileMerge.merge(path: "carousel.yaml", base: b, ours: "budget: 12\ncarousel: smart\n",
                                theirs: "budget: 10\ncarousel: linear\n", rule: .ours)
        XCTAssertEqual(r.text, "budget: 12\ncarousel: linear\n")
    }

    func testOtherTextClashSavesTheOtherVersionBeside() {
        let r = FileMerge.merge(path: "notes.txt", base: "a\n", ours: "b\n", theirs: "c\n", rule: .ours)
        XCTAssertEqual(r.text, "b\n")
        XCTAssertEqual(r.extraFiles.first?.path, "notes.other-version.txt")
        XCTAssertEqual(r.extraFiles.first?.text, "c\n")
    }

    func testLineMergeTakesOneSidedChanges() {
        let chunks = LineMerge.merge(base: ["a\n", "b\n", "c\n"], ours: ["a\n", "B\n", "c\n"], theirs: ["a\n", "b\n", "c\n", "d\n"])
        XCTAssertEqual(chunks, [.clean(["a\n", "B\n", "c\n", "d\n"])])
    }
}

final class ClashRuleTests: XCTestCase {
    func testLaterCommitWinsThenGreaterID() {
        XCTAssertEqual(ClashRule.commits(oursTime: 20, oursID: "aa", theirsTime: 10, theirsID: "ff"), .ours)
        XCTAssertEqual(ClashRule.commits(oursTime: 10, oursID: "ff", theirsTime: 20, theirsID: "aa"), .theirs)
        XCTAssertEqual(ClashRule.commits(oursTime: 10, oursID: "aa", theirsTime: 10, theirsID: "ff"), .theirs)
    }

    func testRedactedURLHidesCredentials() {
        XCTAssertEqual(redactedURL("https://me:token@example.org/vault.git"), "https://example.org/vault.git")
        XCTAssertEqual(redactedURL("ssh://git@example.org/vault.git"), "ssh://example.org/vault.git")
        XCTAssertEqual(redactedURL("/srv/git/vault.git"), "/srv/git/vault.git")
        XCTAssertEqual(redactedURL("https://example.org/a@b"), "https://example.org/a@b")
    }

    func testAddedTwiceWithDifferentIDsKeepsBothWhicheverSideMerges() throws {
        let one = "---\nid: 01JAAA\ntitle: Gym\n---\n", two = "---\nid: 01JBBB\ntitle: Gym at six\n---\n"
        func run(_ o: String, _ t: String) throws -> [String: String] {
            let out = try TreeMerge.merge(paths: ["cards/gym.md"], base: { _ in nil },
                                          ours: { _ in Array(o.utf8) }, theirs: { _ in Array(t.utf8) },
                                          rule: .byValue, labels: ("a", "b"))
            var files = ["cards/gym.md": o]
            for w in out.writes { files[w.path] = w.text }
            return files
        }
        XCTAssertEqual(try run(one, two), try run(two, one))
        XCTAssertEqual(try run(one, two).count, 2)
    }
}
