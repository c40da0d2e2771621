import Yams

/// How Carousel asks Yams for a document's nodes. Every value is read as its text, so tags
/// resolve with `Resolver.basic` (Yams' default compiles seven regular expressions on first use)
/// and the constructor has no tables: `Constructor.default` builds three dictionaries of every
/// tag at each call, which was a fifth of reading `carousel.yaml` (docs/performance.md, "Start-up").
public enum YAMLCompose {
    nonisolated(unsafe) static let constructor = Constructor([:], [:], [:])

    /// The document's root node, or nil when it is empty.
    public static func node(_ yaml: String) throws -> Node? {
        try Yams.compose(yaml: yaml, .basic, constructor)
    }
}
