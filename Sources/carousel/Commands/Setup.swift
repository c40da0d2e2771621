import ArgumentParser
import CarouselCore

struct Setup: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Set up a cloned vault on this device: register Carousel's merge driver for plain `git pull`.")

    @OptionGroup var options: GlobalOptions

    func run() throws {
        try reporting {
            let vault = try options.locateVault()
            try VaultInit.setUp(vault: vault)
            if options.json { return JSON.object([("vault", .string(vault.root)), ("mergeDriver", .bool(true))]).print() }
            print(Terminal.current.green("✓") + " Merge driver registered: `git pull` now merges cards field by field, like `carousel sync`.")
        }
    }
}
