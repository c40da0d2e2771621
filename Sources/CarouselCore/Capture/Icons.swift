/// Icons picked from title keywords when a card is added without one (Structured's idea).
public enum Icons {
    /// Keyword → icon. Each word, in order, is tried whole and then as a simple inflection ("calls", "running"),
    /// so "Recall" never matches "call" and "carrot" never matches "car".
    public static let table: [(String, String)] = [
        ("gym", "🏋️"), ("workout", "🏋️"), ("run", "🏃"), ("jog", "🏃"), ("yoga", "🧘"), ("stretch", "🧘"),
        ("walk", "🚶"), ("meeting", "👥"), ("call", "📞"), ("phone", "📞"), ("email", "📧"), ("mail", "📬"),
        ("breakfast", "🍳"), ("lunch", "🥪"), ("dinner", "🍽️"), ("cook", "🍳"), ("coffee", "☕"),
        ("study", "📚"), ("homework", "📚"), ("read", "📖"), ("book", "📖"), ("sleep", "😴"), ("nap", "😴"),
        ("clean", "🧹"), ("tidy", "🧹"), ("laundry", "👕"), ("grocery", "🛒"), ("groceries", "🛒"),
        ("shopping", "🛍️"), ("shop", "🛍️"), ("party", "🎉"), ("birthday", "🎂"), ("write", "✍️"),
        ("journal", "✍️"), ("music", "🎵"), ("guitar", "🎸"), ("piano", "🎹"), ("code", "💻"),
        ("travel", "✈️"), ("flight", "✈️"), ("trip", "🧳"), ("drive", "🚗"), ("car", "🚗"),
        ("dentist", "🦷"), ("doctor", "🩺"), ("medication", "💊"), ("pills", "💊"), ("pay", "💳"),
        ("bills", "💳"), ("plants", "🪴"), ("garden", "🌱"), ("dog", "🐕"), ("cat", "🐈"),
        ("meditate", "🧘"), ("meditation", "🧘"), ("swim", "🏊"), ("bike", "🚲"), ("cycle", "🚲"), ("sketch", "🎨"),
        ("paint", "🎨"), ("draw", "🎨"), ("exercise", "🏋️"), ("hike", "🥾"), ("dance", "💃"), ("shower", "🚿"),
        ("bath", "🛁"), ("teeth", "🪥"), ("water", "💧"), ("medicine", "💊"), ("meds", "💊"), ("pharmacy", "💊"),
        ("appointment", "📅"), ("vet", "🐾"), ("bank", "🏦"), ("tax", "🧾"), ("taxes", "🧾"), ("rent", "🏠"),
        ("movie", "🎬"), ("film", "🎬"), ("game", "🎮"), ("football", "⚽"), ("soccer", "⚽"), ("tennis", "🎾"),
        ("presentation", "📊"), ("slides", "📊"), ("report", "📝"), ("exam", "📝"), ("class", "🎓"),
        ("lesson", "🎓"), ("school", "🏫"), ("dishes", "🍽️"), ("vacuum", "🧹"), ("trash", "🗑️"),
        ("recycling", "♻️"), ("haircut", "💇"), ("therapy", "🛋️"), ("text", "💬"), ("message", "💬"),
        ("chat", "💬"), ("podcast", "🎧"), ("practice", "🎯"), ("pack", "🧳"), ("package", "📦"),
        ("gift", "🎁"), ("baby", "👶"), ("kids", "🧒"),
    ]

    /// Words that are a verb with another meaning when they open a title ("Book train tickets" is
    /// booking, not reading): that word's noun icon is not used, the rest of the title is tried
    /// first, and the verb's own icon comes last.
    public static let verbSenses: [String: String] = ["book": "🎟️", "rebook": "🎟️"]

    /// The icon for a title, or nil when no keyword matches.
    public static func pick(for title: String) -> String? {
        var words = title.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
        if words.count > 1, let verb = verbSenses[words[0]] {
            words.removeFirst()
            return pick(words) ?? verb
        }
        return pick(words)
    }

    private static func pick(_ words: [String]) -> String? {
        for w in words {
            if let hit = table.first(where: { $0.0 == w }) { return hit.1 }
            let stems = stems(of: w)
            if let hit = table.first(where: { stems.contains($0.0) }) { return hit.1 }
        }
        return nil
    }

    /// The words `word` may be an inflection of: "calls" → call, "running" → run, "writing" →
    /// write, "groceries" → grocery, "jogged" → jog. Only whole-word forms, so "carrot" is not "car".
    static func stems(of word: String) -> Set<String> {
        var out: Set<String> = []
        for suffix in ["s", "es", "ing", "ed"] where word.hasSuffix(suffix) && word.count > suffix.count + 2 {
            let stem = String(word.dropLast(suffix.count))
            out.insert(stem)
            if suffix == "ing" || suffix == "ed" {
                out.insert(stem + "e")                                    // writing → write
                if let last = stem.last, stem.count > 2, stem.dropLast().last == last {
                    out.insert(String(stem.dropLast()))                   // running → run
                }
            }
        }
        if word.hasSuffix("ies"), word.count > 4 { out.insert(String(word.dropLast(3)) + "y") }  // studies → study
        return out
    }
}
