import Foundation

/// Reading only the lines a view needs from the numbers file: at 100,000 open cards it is 4 MB,
/// and a view shows a few dozen of them. The lines are scanned as bytes; a String is made only
/// for a line whose id, path or number is asked for.
extension ShortNumbers {
    /// What to keep from the file.
    struct Wanted {
        var ids: Set<String> = []
        var paths: Set<String> = []
        var numbers: Set<Int> = []

        init(cards: some Sequence<Card>) {
            for card in cards {
                if let id = card.id { ids.insert(id) }
                paths.insert(card.path)
            }
        }

        init(number: Int) { numbers = [number] }

        /// One number for what is asked (the kept lines' key).
        var digest: UInt64 {
            ByteHash.hash(ids.sorted().joined(separator: "\n") + "\u{1}" + paths.sorted().joined(separator: "\n")
                          + "\u{1}" + numbers.sorted().map(String.init).joined(separator: ","))
        }

        /// A first test for a line's id or path: a bit per hash (low 16 bits), then the hash
        /// itself, before any String is made.
        var filter: (bits: [UInt64], hashes: Set<UInt64>) {
            let hashes = Set(ids.map(ByteHash.hash) + paths.map(ByteHash.hash))
            var bits = [UInt64](repeating: 0, count: 1024)
            for h in hashes { bits[Int(h & 0xFFFF) >> 6] |= 1 << (h & 63) }
            return (bits, hashes)
        }
    }

    /// The saved numbers, keeping only the wanted lines; nil when there is no readable file.
    /// Every kept card keeps its number, so `number(for:)` answers as the whole file would for
    /// the cards asked about.
    ///
    /// With an `index`, the lines found are kept there for the next command, under the file's
    /// stamp (`CleanMark.stamp`: size, time, inode) and the cards asked about: the same view
    /// asked again while neither the file nor any card changed reads them back instead of the
    /// file. Every line kept is a line of that file, so a card asked about either has its
    /// number from the file or has none.
    static func saved(vault: Vault, keeping wanted: Wanted, index: CardIndex? = nil) -> ShortNumbers? {
        guard let folder = try? vault.stateFolder() else { return nil }
        // A view of every card (`board --all` at 100,000) keeps nothing: its key alone would be
        // megabytes, made and stored for a view asked rarely.
        let index = wanted.paths.count <= ShortNumbers.keptAtMost ? index : nil
        let path = folder + "/" + VaultPath.name(of: file)
        let key = index.map { _ in "numbers \(CleanMark.stamp(path)) \(wanted.digest)" }
        if let key, let text = index?.remembered(key), let kept = ShortNumbers(memo: text) { return kept }
        guard let bytes = try? FileSystem.readBytes(path, limit: 256 << 20, shownAs: file),
              let found = ShortNumbers(bytes: bytes, keeping: wanted) else { return nil }
        if let key { index?.remember(key, found.memo) }
        return found
    }

    /// The most cards whose numbers a kept answer holds.
    static let keptAtMost = 2_000

    /// The numbers as a kept answer writes them: the day, then a line per entry.
    var memo: String? {
        MemoText.join([[date]] + entries.map { [String($0.number), $0.id ?? "", $0.path] })
    }

    init?(memo: String) {
        let lines = MemoText.split(memo)
        guard let first = lines.first?.first, let day = Day(iso: first) else { return nil }
        var entries: [Entry] = []
        for line in lines.dropFirst() {
            guard line.count == 3, let n = Int(line[0]), !line[2].isEmpty else { return nil }
            entries.append(Entry(number: n, id: line[1].isEmpty ? nil : line[1], path: line[2]))
        }
        self.init(date: day, entries: entries)
    }

    init?(bytes: [UInt8], keeping wanted: Wanted) {
        let filter = wanted.filter
        let newline = UInt8(ascii: "\n")
        var day: Day?
        var kept: [Entry] = []
        bytes.withUnsafeBytes { all in
            guard let base = all.baseAddress else { return }
            // The first line is the day; the rest are `number TAB id TAB path` lines.
            var first = 0
            while first < all.count, day == nil {
                let end = memchr(base + first, Int32(newline), all.count - first).map { UnsafeRawPointer($0) - base } ?? all.count
                if end > first {
                    day = Day(iso: String(decoding: UnsafeRawBufferPointer(rebasing: all[first..<end]), as: UTF8.self))
                    if day == nil { return }
                }
                first = end + 1
            }
            guard day != nil, first < all.count else { return }
            // A large file (4 MB at 100,000 open cards) is scanned in two halves, one per core,
            // split at a line's end; the halves' lines are kept in the file's order. Not for a
            // view that shows thousands of cards (the board): its kept lines would be held twice
            // while the halves are joined, and making their Strings is most of its time anyway.
            var cuts = [first, all.count]
            if all.count - first >= 1 << 18, wanted.ids.count + wanted.paths.count < 20_000, BothCores.available {
                let middle = first + (all.count - first) / 2
                let end = memchr(base + middle, Int32(newline), all.count - middle).map { UnsafeRawPointer($0) - base + 1 } ?? all.count
                cuts = [first, end, all.count]
            }
            for entries in BothCores.map(cuts.count - 1, { part in
                ShortNumbers.lines(UnsafeRawBufferPointer(rebasing: all[cuts[part]..<cuts[part + 1]]), filter: filter, wanted: wanted)
            }) { kept += entries }
        }
        guard let day else { return nil }
        self.init(date: day, entries: kept)
    }

    /// The wanted entries among `number TAB id TAB path` lines.
    private static func lines(_ all: UnsafeRawBufferPointer, filter: (bits: [UInt64], hashes: Set<UInt64>),
                              wanted: Wanted) -> [Entry] {
        let (bits, hashes) = filter
        func asked(_ field: UnsafeRawBufferPointer) -> Bool {
            let h = ByteHash.hash(field)
            return bits[Int(h & 0xFFFF) >> 6] & (1 << (h & 63)) != 0 && hashes.contains(h)
        }
        let byNumber = !wanted.numbers.isEmpty
        let newline = UInt8(ascii: "\n"), tab = UInt8(ascii: "\t")
        var kept: [Entry] = []
        guard let base = all.baseAddress else { return kept }
        var at = 0
        while at < all.count {
            let end = memchr(base + at, Int32(newline), all.count - at).map { UnsafeRawPointer($0) - base } ?? all.count
            defer { at = end + 1 }
            if end == at { continue }
            let line = UnsafeRawBufferPointer(rebasing: all[at..<end])
            // memchr, not a Collection search: this loop meets every line of a 4 MB file.
            func nextTab(after i: Int) -> Int? {
                i < line.count ? memchr(line.baseAddress! + i, Int32(tab), line.count - i).map { UnsafeRawPointer($0) - line.baseAddress! } : nil
            }
            guard let t1 = nextTab(after: 0), let t2 = nextTab(after: t1 + 1), t2 + 1 < line.count, nextTab(after: t2 + 1) == nil else { continue }
            var number = 0
            var digits = 0
            for b in line[..<t1] {
                guard b >= 0x30, b <= 0x39, digits < 18 else { number = -1; break }
                number = number * 10 + Int(b - 0x30)
                digits += 1
            }
            guard number >= 0, digits > 0 else { continue }
            let id = UnsafeRawBufferPointer(rebasing: line[(t1 + 1)..<t2])
            let path = UnsafeRawBufferPointer(rebasing: line[(t2 + 1)...])
            guard (byNumber && wanted.numbers.contains(number)) || (!id.isEmpty && asked(id)) || asked(path) else { continue }
            let idText = id.isEmpty ? nil : String(decoding: id, as: UTF8.self)
            let pathText = String(decoding: path, as: UTF8.self)
            guard wanted.numbers.contains(number) || idText.map(wanted.ids.contains) == true || wanted.paths.contains(pathText) else { continue }
            kept.append(Entry(number: number, id: idText, path: pathText))
        }
        return kept
    }
}
