import ArgumentParser
import CarouselCore

struct Setup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "setup",
        abstract: "Set up a cloned vault on this device: register Carousel's merge driver for plain `git pull`.")

    @OptionGroup var options: GlobalOptions

    func run() throws {
        try reporting {
            let vault = try options.locateVault()
            try VaultInit.setUp(vault: vault)
            if options.json { return Output(vault: vault.root, mergeDriver: true).printJSON() }
            print(Terminal.current.green("✓") + " Merge driver registered: `git pull` now merges cards field by field, like `carousel sync`.")
        }
    }
}

extension Setup {
    /// `setup --json` (`merge_driver` was `mergeDriver` before JSON keys were all snake_case).
    struct Output: Encodable {
        let vault: String
        let mergeDriver: Bool
        enum CodingKeys: String, CodingKey { case vault, mergeDriver = "merge_driver" }
    }
}
