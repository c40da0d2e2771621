import ArgumentParser
import CarouselCore
import Foundation

/// Slugs for shell completion of REF arguments (the words typed so far, the index of the word
/// being completed, and its prefix); quiet when there is no vault.
@Sendable func completeRefs(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    let env = CommandLineRun.current.environment
    var explicit: String?
    if let i = words.firstIndex(of: "--vault"), i + 1 < words.count { explicit = words[i + 1] }
    guard let vault = try? Vault.locate(explicit: explicit, environment: env, cwd: FileManager.default.currentDirectoryPath)
    else { return [] }
    return FileSystem.markdownFiles(root: vault.root, dir: Vault.cardsDir).map { Vault.slug(ofPath: $0) }.sorted()
}

/// `carousel complete-refs`: one slug per line, for shells and scripts.
struct CompleteRefs: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "complete-refs", abstract: "List card slugs, one per line.",
                                                    shouldDisplay: false)

    @OptionGroup var options: GlobalOptions

    func run() {
        for slug in completeRefs(options.vault.map { ["--vault", $0] } ?? [], 0, "") { print(slug) }
    }
}
