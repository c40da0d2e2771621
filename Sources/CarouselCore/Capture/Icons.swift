/// Icons picked from title keywords when a card is added without one (Structured's idea).
public enum Icons {
    /// Keyword → icon. Whole words are tried first, then simple inflections ("calls", "running"),
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
        ("meditate", "🧘"), ("swim", "🏊"), ("bike", "🚲"), ("cycle", "🚲"), ("sketch", "🎨"), ("paint", "🎨"),
    ]

    /// The icon for a title, or nil when no keyword matches.
    public static func pick(for title: String) -> String? {
        let words = title.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
        for w in words {
            if let hit = table.first(where: { $0.0 == w }) { return hit.1 }
        }
        for w in words {
            if let hit = table.first(where: { k in ["s", "es", "ing", "ning", "ed"].contains { w == k.0 + $0 } }) { return hit.1 }
        }
        return nil
    }
}
