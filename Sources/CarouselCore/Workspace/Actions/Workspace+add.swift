/// What `carousel add` was asked to create.
public struct NewCard: Sendable {
    public var title: String
    public var spoons: Int?
    public var importance: Int?
    public var due: String?
    /// A start date-time (`YYYY-MM-DDTHH:MM`) or date words, for the timeline.
    public var start: String?
    public var tags: [String] = []
    public var category: String?
    public var parent: String?
    /// The cards it waits for (slugs, ids or short numbers), written as `blocked_by:`.
    public var blockedBy: [String] = []
    public var kind: CardKind?
    public var emoji: String?
    public var body: String?
    public var repeatRule: String?
    /// `remind:` as typed (`30m`), checked by `RemindSpec`.
    public var remind: String?
    /// `first_step:`, the first physical step.
    public var firstStep: String?
    /// `today:`, for a card put straight into Today's list (quick capture on the page's Today).
    public var today: Day?

    public init(title: String) { self.title = title }
}

extension Workspace {
    /// Creates `cards/<slug>.md` and commits it as "add: <title>".
    public func add(_ new: NewCard) throws(CarouselError) -> Card {
        try add([new])[0]
    }

    /// Creates one card per entry and commits them all as one commit ("add: <title>" for one,
    /// "add: N cards" for more). Every entry is checked before anything is written.
    public func add(_ news: [NewCard]) throws(CarouselError) -> [Card] {
        guard !news.isEmpty else { throw .usage("nothing to add: every line was empty") }
        var taken = takenSlugs()
        var files: [CardFile] = []
        for new in news { files.append(try newCardFile(new, taken: &taken)) }
        let message = files.count == 1 ? "add: \(files[0].card.title)" : "add: \(files.count) cards"
        try commit(files.map { FileWrite(path: $0.path, text: $0.text) }, message: message)
        return files.map(\.card)
    }

    /// The slugs a new card cannot take (see `TakenSlugs`).
    func takenSlugs() -> TakenSlugs {
        TakenSlugs(given: Set(diagnostics.map { Vault.slug(ofPath: $0.path) }), source: source)
    }

    /// The file for a new card, at a slug not in `taken` (which gains it).
    func newCardFile(_ new: NewCard, taken: inout TakenSlugs) throws(CarouselError) -> CardFile {
        let title = new.title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw .invalidValue(field: "title", message: "What do you want to do? The title cannot be empty") }
        guard !title.contains("\n") else { throw .invalidValue(field: "title", message: "must be one line") }
        // A TaskNotes vault names a new task by its title, as TaskNotes does.
        var base = settings.cardFormat == .tasknotes ? TaskNotesFilename.make(from: title) : Slug.make(from: title)
        if base.isEmpty { base = "card" }
        try taken.learn(startingWith: base)
        let slug = Slug.unique(base) { taken.contains($0) || FileSystem.stamp(vault.url("\(Vault.cardsDir)/\($0).md")) != nil }
        taken.insert(slug)
        var file = CardFile.new(path: "\(Vault.cardsDir)/\(slug).md", title: title)
        file.set("id", string: moment.makeID())
        var assignments: [FieldAssignment] = []
        if let k = new.kind, k != .task { assignments.append(.init(field: "kind", value: k.rawValue)) }
        assignments.append(.init(field: "spoons", value: String(new.spoons ?? 1)))
        assignments.append(.init(field: "importance", value: String(new.importance ?? 1)))
        if let c = new.category { assignments.append(.init(field: "category", value: c)) }
        if !new.tags.isEmpty { assignments.append(.init(field: "tags", value: new.tags.joined(separator: ","))) }
        if let d = new.due { assignments.append(.init(field: "due", value: d)) }
        if let s = new.start { assignments.append(.init(field: "start", value: s)) }
        if let r = new.repeatRule { assignments.append(.init(field: "repeat", value: r)) }
        if let r = new.remind { assignments.append(.init(field: "remind", value: r)) }
        if let p = new.parent { assignments.append(.init(field: "parent", value: p)) }
        if !new.blockedBy.isEmpty { assignments.append(.init(field: "blocked_by", value: new.blockedBy.joined(separator: ","))) }
        if let e = new.emoji { assignments.append(.init(field: "emoji", value: e)) }
        if let f = new.firstStep { assignments.append(.init(field: "first_step", value: f)) }
        if let t = new.today { assignments.append(.init(field: "today", value: t.iso)) }
        if settings.cardFormat == .tasknotes { seedTaskNotesKeys(&file, new, &assignments) }
        for a in assignments where !a.value.isEmpty { try apply(a, to: &file) }
        // A repeating card with no date starts at the rule's first day from today, not at today:
        // otherwise "every 2 weeks on tue" added on a Sunday would count its fortnights from the
        // week just ending and skip the coming Tuesday.
        if new.due == nil, new.start == nil, let text = new.repeatRule, let rule = try? RecurrenceRule.parse(text),
           case let first = rule.seriesStart(writtenOn: moment.today), first != moment.today {
            file.set("series_start", string: first.iso)
        }
        file.set("created", string: settings.cardFormat == .tasknotes ? TaskNotesStamp.text(moment.stamp) : moment.stamp.description)
        if let body = new.body, !body.isEmpty { file.setBody("\n" + body + (body.hasSuffix("\n") ? "" : "\n")) }
        return file
    }
}

/// The slugs a new card cannot take: those of every card (in any folder of `cards/`), of every
/// file that does not parse, and those given out in this command. The cards' source is asked
/// for the slugs that start like the new one (`learn`), not for every card's.
struct TakenSlugs {
    var given: Set<String>
    let source: any CardSource

    /// Adds the cards' slugs that start with `base`: every slug `Slug.unique` can try.
    mutating func learn(startingWith base: String) throws(CarouselError) {
        given.formUnion(try source.slugs(startingWith: base))
    }

    func contains(_ slug: String) -> Bool { given.contains(slug) }
    mutating func insert(_ slug: String) { given.insert(slug) }
}
