import ArgumentParser

struct TagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag", abstract: "List the tags with their counts and styles, or rename one.",
        discussion: "A tag's colour and icon live in carousel.yaml: `tags: {errand: {color: yellow, icon: \"🛒\"}}`.",
        subcommands: [TagList.self, TagRename.self], defaultSubcommand: TagList.self)
}
