import Foundation

/// What naming a card by REF reads of it: a whole `Card`, or just these fields of every card
/// when an unknown REF is compared with all of them (`CardIndex.namingCards`).
public protocol Nameable {
    var slug: String { get }
    var path: String { get }
    var title: String { get }
    var id: String? { get }
}

extension Card: Nameable {}

/// How a REF names a card, in one place for every command: a short number (today's, from
/// `ShortNumbers`), a slug, a path, an id, an unambiguous start of a slug or id, or the card's
/// whole title in any case.
public enum CardRef {
    /// How many candidates an ambiguous REF lists before "… and N more".
    public static let shownCandidates = 10

    /// `3` → 3: digits with no leading zero (an id prefix like `01K` is never a number).
    public static func number(_ ref: String) -> Int? {
        guard let first = ref.first, first != "0", ref.count <= 6, ref.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(ref)
    }

    /// The card `ref` names. An ambiguous REF lists its candidates; an unknown one its nearest
    /// matches; a REF naming a file that does not parse fails with that file's error.
    /// `numbers` is read only when the REF is a number or the answer lists candidates.
    public static func resolve<C: Nameable>(_ ref: String, cards: [C], numbers numbersIfNeeded: @autoclosure () -> ShortNumbers?,
                                            diagnostics: [FileDiagnostic] = []) throws(CarouselError) -> C {
        if let n = number(ref) {
            if let card = numbersIfNeeded()?.card(numbered: n, in: cards) { return card }
            if let exact = cards.first(where: { $0.slug == ref }) { return exact }
            throw .unknownNumber(n)
        }
        let needle = ref.hasSuffix(".md") ? String(Vault.slug(ofPath: ref)) : ref
        if let exact = cards.first(where: { $0.slug == needle || $0.id == needle || $0.path == ref }) { return exact }
        if let bad = diagnostics.first(where: { $0.severity == .error && ($0.path == ref || Vault.slug(ofPath: $0.path) == needle) }) {
            throw .invalidFile(bad)
        }
        let lower = needle.lowercased()
        let prefixed = cards.filter { $0.slug.hasPrefix(lower) || ($0.id?.lowercased().hasPrefix(lower) ?? false) }
        if prefixed.count == 1 { return prefixed[0] }
        // A card's title as typed (`done "Water the ferns"`), any case: when it names one card.
        if prefixed.isEmpty {
            let title = ref.trimmingCharacters(in: .whitespaces).lowercased()
            let titled = title.isEmpty ? [] : cards.filter { $0.title.lowercased() == title }
            if titled.count == 1 { return titled[0] }
            if titled.count > 1 {
                throw .ambiguousCard(ref: ref, candidates: describe(titled.sorted { $0.slug < $1.slug }, numbersIfNeeded()))
            }
            // Whole words of a slug or title (`done recycling` for "Take out recycling"), when they name one card.
            let worded = wordMatches(ref, in: cards)
            if worded.count == 1 { return worded[0] }
            if worded.count > 1 {
                throw .ambiguousCard(ref: ref, candidates: describe(worded.sorted { $0.slug < $1.slug }, numbersIfNeeded()))
            }
        }
        let numbers = numbersIfNeeded()
        if prefixed.count > 1 {
            throw .ambiguousCard(ref: ref, candidates: describe(prefixed.sorted { $0.slug < $1.slug }, numbers))
        }
        throw .unknownCard(ref: ref, candidates: describe(nearest(lower, in: cards), numbers))
    }

    /// The cards whose slug or title has every word of `ref` as a whole word, in any case:
    /// "recycling" names "Take out recycling", "out recycling" too, "cycling" does not.
    static func wordMatches<C: Nameable>(_ ref: String, in cards: [C]) -> [C] {
        let wanted = words(ref)
        guard !wanted.isEmpty else { return [] }
        return cards.filter { card in
            let own = words(card.title).union(words(card.slug))
            return wanted.isSubset(of: own)
        }
    }

    static func words(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init))
    }

    /// "call-mum  (Call Mum)" for each card, after its number when any of them has one, the
    /// numbers right-aligned so the slugs line up: " 3  call-mum  (Call Mum)", "12  …".
    static func describe<C: Nameable>(_ cards: [C], _ numbers: ShortNumbers?) -> [String] {
        let heads = cards.map { card in numbers?.number(id: card.id, path: card.path).map(String.init) ?? "" }
        let width = heads.map(\.count).max() ?? 0
        return zip(cards, heads).map { card, head in
            (width == 0 ? "" : String(repeating: " ", count: width - head.count) + head + "  ") + "\(card.slug)  (\(card.title))"
        }
    }

    /// Up to five cards whose slug is a few edits away from `needle`, or that contain it.
    public static func nearest<C: Nameable>(_ needle: String, in cards: [C]) -> [C] {
        let limit = max(2, needle.count / 3)
        var scored: [(Int, C)] = []
        // A vault's slugs and titles are mostly ASCII, where a byte is a character: those are
        // compared as bytes (no String made per card), the rest as characters.
        var ascii = ASCIIDistance(needle)
        for card in cards {
            let d = ascii?.score(slug: card.slug, title: card.title) ?? score(card, byCharacters: needle)
            if d <= limit { scored.append((d, card)) }
        }
        return scored.sorted { ($0.0, $0.1.slug) < ($1.0, $1.1.slug) }.prefix(5).map(\.1)
    }

    /// How far `needle` is from naming the card: 0 when its lowercased slug or title contains
    /// it, else the edit distance to the whole slug or, plus one, to the slug's start of the same
    /// length ("cal-mu" ~ "call-mum").
    static func score<C: Nameable>(_ card: C, byCharacters needle: String) -> Int {
        let slug = card.slug.lowercased()
        if slug.contains(needle) || card.title.lowercased().contains(needle) { return 0 }
        return min(Nearest.distance(needle, slug), Nearest.distance(needle, String(slug.prefix(needle.count))) + 1)
    }
}
