import XCTest
@testable import CarouselCore

final class TagStyleTests: XCTestCase {
    func testTagsTakeAColourAndAnIconOrABareColour() throws {
        let settings = try Settings.parse(text: "tags:\n  Errand: {color: Yellow, icon: \"🛒\"}\n  deadline: red\n")
        XCTAssertEqual(settings.tagStyles["errand"], TagStyle(color: "yellow", icon: "🛒"))
        XCTAssertEqual(settings.tagStyles["deadline"], TagStyle(color: "red"))
    }

    func testProblemsNameTheLineAndWhatIsAllowed() {
        func problem(_ text: String) -> FileDiagnostic? {
            do { _ = try Settings.parse(text: text); return nil } catch { return error }
        }
        let colour = problem("budget: 10\ntags:\n  errand: {color: purple}\n")
        XCTAssertEqual(colour?.line, 3)
        XCTAssertTrue(colour?.message.contains("black, red, green, yellow, blue, magenta, cyan or white") ?? false, colour?.message ?? "")
        XCTAssertTrue(problem("tags:\n  errand: {colr: red}\n")?.message.contains("Did you mean 'color'?") ?? false)
        XCTAssertTrue(problem("tags:\n  errand: {icon: \"a very long icon\"}\n")?.message.contains("one emoji or symbol") ?? false)
        XCTAssertNotNil(problem("tags: [errand]\n"))
    }

    func testRenamingAStyleChangesOnlyItsKey() {
        let text = "budget: 10\ntags:\n  errand: {color: yellow}   # shops\n  home: green\nviews: [board]\n"
        XCTAssertEqual(SettingsFile.renamingTagStyle(text, from: "Errand", to: "shop"),
                       "budget: 10\ntags:\n  shop: {color: yellow}   # shops\n  home: green\nviews: [board]\n")
        XCTAssertNil(SettingsFile.renamingTagStyle(text, from: "work", to: "job"))
    }
}
