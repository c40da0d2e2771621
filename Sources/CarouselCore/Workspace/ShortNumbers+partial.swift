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

        var hashes: Set<UInt64> { Set(ids.map { fnv($0.utf8) } + paths.map { fnv($0.utf8) }) }
    }

    /// The saved numbers, keeping only the wanted lines; nil when there is no readable file.
    /// Every kept card keeps its number, so `number(for:)` answers as the whole file would for
    /// the cards asked about.
    static func saved(vault: Vault, keeping wanted: Wanted) -> ShortNumbers? {
        guard let folder = try? vault.stateFolder(),
              let bytes = try? FileSystem.readBytes(folder + "/" + (file as NSString).lastPathComponent, limit: 256 << 20, shownAs: file)
        else { return nil }
        return ShortNumbers(bytes: bytes, keeping: wanted)
    }

    init?(bytes: [UInt8], keeping wanted: Wanted) {
        let hashes = wanted.hashes
        let newline = UInt8(ascii: "\n"), tab = UInt8(ascii: "\t")
        var kept: [Entry] = []
        var day: Day?
        bytes.withUnsafeBufferPointer { all in
            var at = 0
            while at < all.count {
                var end = at
                while end < all.count && all[end] != newline { end += 1 }
                defer { at = end + 1 }
                if end == at { continue }
                let line = UnsafeBufferPointer(rebasing: all[at..<end])
                guard day != nil else {
                    day = Day(iso: String(decoding: line, as: UTF8.self))
                    if day == nil { return }
                    continue
                }
                guard let t1 = line.firstIndex(of: tab), let t2 = line[(t1 + 1)...].firstIndex(of: tab),
                      !line[(t2 + 1)...].contains(tab), t2 + 1 < line.count else { continue }
                var number = 0
                var digits = 0
                for b in line[..<t1] {
                    guard b >= 0x30, b <= 0x39, digits < 18 else { number = -1; break }
                    number = number * 10 + Int(b - 0x30)
                    digits += 1
                }
                guard number >= 0, digits > 0 else { continue }
                let id = line[(t1 + 1)..<t2], path = line[(t2 + 1)...]
                let asked = wanted.numbers.contains(number)
                    || (!id.isEmpty && hashes.contains(ShortNumbers.fnv(id))) || hashes.contains(ShortNumbers.fnv(path))
                guard asked else { continue }
                let idText = id.isEmpty ? nil : String(decoding: UnsafeBufferPointer(rebasing: id), as: UTF8.self)
                let pathText = String(decoding: UnsafeBufferPointer(rebasing: path), as: UTF8.self)
                guard wanted.numbers.contains(number) || idText.map(wanted.ids.contains) == true || wanted.paths.contains(pathText) else { continue }
                kept.append(Entry(number: number, id: idText, path: pathText))
            }
        }
        guard let day else { return nil }
        self.init(date: day, entries: kept)
    }

    /// FNV-1a over bytes: a cheap first test before a String is made.
    static func fnv<S: Sequence>(_ bytes: S) -> UInt64 where S.Element == UInt8 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return h
    }
}
