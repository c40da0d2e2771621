import Foundation
import XCTest

/// `carousel config tags.NAME COLOUR` sets a tag's colour in carousel.yaml, touching only its line.
final class TagColourConfigTests: XCTestCase {
    func testConfigSetsATagColourAndKeepsTheRestOfTheFile() throws {
        let s = try Sandbox()
        try s.initVault()
        let r = try s.carousel(["config", "tags.money", "red"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("tags.money is now red.\n"), r.stdout)
        let written = try s.read("carousel.yaml")
        XCTAssertTrue(written.hasSuffix("tags:\n  money: red\n"), written)
        XCTAssertEqual(try s.log().first, "settings: tags.money red")
        XCTAssertEqual(try s.carousel(["config", "tags", "--json"]).json()["tags"] as? String, "money red")
        XCTAssertTrue(try s.carousel(["config", "tags.money", "red"]).stdout.hasPrefix("tags.money is already red.\n"))
        try s.assertClean()

        // A hand-written block: the other tags, icons and comments stay as written.
        let yaml = try s.read("carousel.yaml").replacingOccurrences(of: "tags:\n  money: red\n", with: """
            tags:
              # my tags
              errand: {color: yellow, icon: "🛒"}
              deadline:
                color: red      # urgent
                icon: "⏰"
              money: red        # bills

            """)
        try s.write("carousel.yaml", yaml)
        XCTAssertEqual(try s.carousel(["config", "tags.errand", "green"]).status, 0)
        XCTAssertEqual(try s.carousel(["config", "tags.deadline", "Magenta"]).status, 0)
        XCTAssertEqual(try s.carousel(["config", "tags.money", "cyan"]).status, 0)
        XCTAssertEqual(try s.carousel(["config", "tags.home", "blue"]).status, 0)
        let edited = try s.read("carousel.yaml")
        XCTAssertTrue(edited.hasSuffix("""
            tags:
              # my tags
              errand: {color: green, icon: "🛒"}
              deadline:
                color: magenta  # urgent
                icon: "⏰"
              money: cyan       # bills
              home: blue

            """), edited)
        try s.assertClean()

        // A colour carousel.yaml does not accept is refused with the list, and nothing changes.
        let count = try s.log().count
        let bad = try s.carousel(["config", "tags.money", "pink"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("black, red, green, yellow, blue, magenta, cyan or white"), bad.stderr)
        XCTAssertEqual(try s.log().count, count)
    }
}
