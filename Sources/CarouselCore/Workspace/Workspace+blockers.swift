/// One `blocked_by` entry of a card as it stands now: the card it names (nil when no card has
/// that slug or id) and whether that card is done.
public struct BlockerState: Sendable, Equatable {
    public let blocker: Blocker
    public let card: Card?
    /// Done cards no longer block. A missing card still does (TaskNotes' rule), and is reported.
    public var isDone: Bool { card?.done != nil }
}

extension Workspace {
    /// The card's blockers, each with the card it names and whether that is done.
    public func blockers(of card: Card) throws(CarouselError) -> [BlockerState] {
        var result: [BlockerState] = []
        for b in card.blockedBy { result.append(BlockerState(blocker: b, card: try self.card(named: b.ref))) }
        return result
    }

    /// The parent cycles and the dependency cycles (`blocked_by:` lists that lead back), as
    /// warnings (see `ParentGraph`, `BlockGraph`). That there are none is kept for the next
    /// command (`CardIndex.remembered`): asked again while no card changed, nothing is read.
    func cycleDiagnostics() throws(CarouselError) -> [FileDiagnostic] {
        if index.remembered("cycles") == "none" { return [] }
        let found = try cyclesFound()
        if found.isEmpty { index.remember("cycles", "none") }
        return found
    }

    /// The cycles among the cards as they stand, from `source`.
    func cyclesFound() throws(CarouselError) -> [FileDiagnostic] {
        var found: [FileDiagnostic] = []
        let parented = try source.parentCandidates()
        if parented.contains(where: { $0.parent != nil }) { found += ParentGraph(cards: parented).cycleDiagnostics() }
        let blocked = try source.blockedCards()
        if !blocked.isEmpty { found += BlockGraph(cards: blocked).cycleDiagnostics() }
        return found
    }

    /// Writes `refs` (slugs, ids, short numbers or links) as the card's `blocked_by:` list,
    /// refusing a card that names itself or a list that would close a cycle, and naming it.
    /// A card that keeps its list as TaskNotes writes it (`blockedBy:` entries with `uid` and
    /// `reltype`) keeps that form; otherwise the list is the slugs, `blocked_by: [a, b]`.
    func setBlockers(_ refs: [String], in file: inout CardFile) throws(CarouselError) {
        var named: [Card] = []
        for ref in refs {
            let card = try resolve(Blocker.normalize(ref))
            if card.path == file.card.path { throw .blockCycle([card.slug, card.slug]) }
            if !named.contains(where: { $0.path == card.path }) { named.append(card) }
        }
        var blocked = try source.blockedCards()
        blocked.removeAll { $0.path == file.card.path }
        blocked.append(file.card)
        if let chain = BlockGraph(cards: blocked).cycle(from: file.card, blockers: named.map(\.slug)) { throw .blockCycle(chain) }
        let kept = Dictionary(file.card.blockedBy.map { ($0.ref, $0.reltype) }, uniquingKeysWith: { a, _ in a })
        if file.has("blockedBy"), file.document.lineRange(of: "blocked_by") == nil {
            var lines = ["blockedBy:"]
            for card in named {
                lines.append("  - uid: " + YAMLRender.scalar("[[\(card.slug)]]", style: .double))
                lines.append("    reltype: " + (kept[card.slug] ?? card.id.flatMap { kept[$0] } ?? "FINISHTOSTART"))
            }
            file.setLines("blockedBy", lines)
        } else {
            file.set("blocked_by", list: named.map(\.slug))
        }
    }
}

extension BlockerState {
    /// What a card waits for, in words, for `show` and the card's page: each blocker not done
    /// ("Buy paint (buy-paint)"), and a name that finds no card said as such. Nil when nothing
    /// blocks it.
    public static func words(_ states: [BlockerState]) -> String? {
        let open = states.filter { !$0.isDone }.map { s in
            s.card.map { "\($0.title) (\($0.slug))" } ?? "\(s.blocker.ref) (no such card: it blocks until the name is fixed or removed)"
        }
        return open.isEmpty ? nil : open.joined(separator: ", ")
    }
}
