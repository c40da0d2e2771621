/// Where the modules go: the function patterns, the data in its zig-zag, the masks and their
/// penalty, and the format and version information.
extension QRCode {
    mutating func set(_ x: Int, _ y: Int, _ dark: Bool) {
        modules[y][x] = dark
        isFunction[y][x] = true
    }

    mutating func drawFunctionPatterns() {
        for i in 0..<size {
            set(6, i, i % 2 == 0)
            set(i, 6, i % 2 == 0)
        }
        for (cx, cy) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            for dy in -4...4 {
                for dx in -4...4 where (0..<size).contains(cx + dx) && (0..<size).contains(cy + dy) {
                    let d = max(abs(dx), abs(dy))
                    set(cx + dx, cy + dy, d != 2 && d != 4)
                }
            }
        }
        let centres = alignmentCentres
        for (i, cy) in centres.enumerated() {
            for (j, cx) in centres.enumerated() {
                let last = centres.count - 1
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                for dy in -2...2 { for dx in -2...2 { set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1) } }
            }
        }
        drawFormatBits(0)
        if version >= 7 {
            var rem = version
            for _ in 0..<12 { rem = (rem << 1) ^ ((rem >> 11) * 0x1F25) }
            let bits = version << 12 | rem
            for i in 0..<18 {
                let dark = (bits >> i) & 1 == 1
                let a = size - 11 + i % 3, b = i / 3
                set(a, b, dark)
                set(b, a, dark)
            }
        }
    }

    /// Versions 2–10: 6 and the last at size − 7, with one more in the middle from version 7.
    var alignmentCentres: [Int] {
        guard version > 1 else { return [] }
        let last = size - 7
        return version < 7 ? [6, last] : [6, (6 + last) / 2, last]
    }

    /// Level M (00) and the mask, with its BCH code, in both copies; and the dark module.
    mutating func drawFormatBits(_ mask: Int) {
        let data = 0b00 << 3 | mask
        var rem = data
        for _ in 0..<10 { rem = (rem << 1) ^ ((rem >> 9) * 0x537) }
        let bits = (data << 10 | rem) ^ 0x5412
        func bit(_ i: Int) -> Bool { (bits >> i) & 1 == 1 }
        for i in 0...5 { set(8, i, bit(i)) }
        set(8, 7, bit(6))
        set(8, 8, bit(7))
        set(7, 8, bit(8))
        for i in 9..<15 { set(14 - i, 8, bit(i)) }
        for i in 0..<8 { set(size - 1 - i, 8, bit(i)) }
        for i in 8..<15 { set(8, size - 15 + i, bit(i)) }
        set(8, size - 8, true)
    }

    mutating func drawCodewords(_ data: [UInt8]) {
        var i = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for vert in 0..<size {
                for j in 0..<2 {
                    let x = right - j
                    let upward = (right + 1) & 2 == 0
                    let y = upward ? size - 1 - vert : vert
                    if !isFunction[y][x] && i < data.count * 8 {
                        modules[y][x] = (data[i >> 3] >> (7 - (i & 7))) & 1 == 1
                        i += 1
                    }
                }
            }
            right -= 2
        }
    }

    static func masked(_ mask: Int, _ x: Int, _ y: Int) -> Bool {
        switch mask {
        case 0: return (x + y) % 2 == 0
        case 1: return y % 2 == 0
        case 2: return x % 3 == 0
        case 3: return (x + y) % 3 == 0
        case 4: return (x / 3 + y / 2) % 2 == 0
        case 5: return x * y % 2 + x * y % 3 == 0
        case 6: return (x * y % 2 + x * y % 3) % 2 == 0
        default: return ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }

    mutating func applyMask(_ mask: Int) {
        for y in 0..<size { for x in 0..<size where !isFunction[y][x] && QRCode.masked(mask, x, y) { modules[y][x].toggle() } }
    }

    /// The standard's penalty of this matrix under `mask`, with its format bits drawn.
    func penalty(masked mask: Int) -> Int {
        var copy = self
        copy.applyMask(mask)
        copy.drawFormatBits(mask)
        return copy.penalty()
    }

    func penalty() -> Int {
        var score = 0
        let m = modules
        let lines = m + (0..<size).map { x in (0..<size).map { m[$0][x] } }
        let finderLike: [[Bool]] = [[true, false, true, true, true, false, true, false, false, false, false],
                                    [false, false, false, false, true, false, true, true, true, false, true]]
        for line in lines {
            var run = 1
            for i in 1...line.count {
                if i < line.count && line[i] == line[i - 1] { run += 1; continue }
                if run >= 5 { score += 3 + run - 5 }
                run = 1
            }
            for start in 0...(line.count - 11) where finderLike.contains(where: { Array(line[start..<start + 11]) == $0 }) { score += 40 }
        }
        for y in 0..<size - 1 {
            for x in 0..<size - 1 where m[y][x] == m[y][x + 1] && m[y][x] == m[y + 1][x] && m[y][x] == m[y + 1][x + 1] { score += 3 }
        }
        let dark = m.reduce(0) { $0 + $1.filter { $0 }.count }, total = size * size
        score += ((abs(dark * 20 - total * 10) + total - 1) / total - 1) * 10
        return score
    }

    /// For a terminal: two rows of modules per line in Unicode half blocks, the light ones drawn
    /// (so it reads on a dark terminal), inside a quiet zone of 4. With `colour`, black on
    /// white whatever the terminal's colours.
    public func terminal(colour: Bool) -> String {
        let quiet = 4, full = size + 2 * quiet
        func light(_ x: Int, _ y: Int) -> Bool {
            let (mx, my) = (x - quiet, y - quiet)
            guard (0..<size).contains(mx), (0..<size).contains(my) else { return true }
            return !modules[my][mx]
        }
        var lines: [String] = []
        for y in stride(from: 0, to: full, by: 2) {
            var line = colour ? "\u{1B}[40;97m" : ""
            for x in 0..<full {
                switch (light(x, y), y + 1 < full ? light(x, y + 1) : false) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            lines.append(line + (colour ? "\u{1B}[0m" : ""))
        }
        return lines.joined(separator: "\n")
    }
}
