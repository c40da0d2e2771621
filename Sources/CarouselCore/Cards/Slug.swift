import Foundation

/// File names for new cards, made from their titles.
public enum Slug {
    /// Lowercase ASCII letters and digits; every other run of characters becomes one `-`,
    /// none at either end, at most 60 characters. Non-ASCII letters are folded to ASCII where
    /// they can be ("Café" → "cafe"). Returns "" when nothing is left.
    public static func make(from title: String) -> String {
        let folded = fold(title)
        var out = ""
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            let v = scalar.value
            let isAlnum = (v >= 48 && v <= 57) || (v >= 97 && v <= 122)
            if isAlnum {
                if pendingDash && !out.isEmpty { out += "-" }
                pendingDash = false
                out.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        if out.count > 60 {
            out = String(out.prefix(60))
            while out.hasSuffix("-") { out.removeLast() }
        }
        return out
    }

    /// The first of `base`, `base-2`, `base-3`, … that `taken` does not contain.
    public static func unique(_ base: String, taken: (String) -> Bool) -> String {
        if !taken(base) { return base }
        var n = 2
        while taken("\(base)-\(n)") { n += 1 }
        return "\(base)-\(n)"
    }

    static func fold(_ text: String) -> String {
        var s = text.lowercased()
        let special: [String: String] = ["ß": "ss", "æ": "ae", "ø": "o", "œ": "oe", "đ": "d", "ł": "l", "þ": "th", "ð": "d", "ı": "i"]
        for (k, v) in special { s = s.replacingOccurrences(of: k, with: v) }
        if let latin = s.applyingTransform(.toLatin, reverse: false) { s = latin }
        return s.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil).lowercased()
    }
}
