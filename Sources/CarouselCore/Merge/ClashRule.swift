/// Who wins when both sides set one value differently.
///
/// The side with the later commit wins; on the same second the greater commit id wins. When the
/// commits are unknown (the git merge driver) the greater value wins. Every rule is symmetric, so
/// any device merging the same two commits picks the same value.
public enum ClashRule: Sendable, Equatable {
    case ours, theirs, byValue

    /// The rule for two commits given their times (seconds) and ids.
    public static func commits(oursTime: Int64, oursID: String, theirsTime: Int64, theirsID: String) -> ClashRule {
        if oursTime != theirsTime { return oursTime > theirsTime ? .ours : .theirs }
        return oursID >= theirsID ? .ours : .theirs
    }

    /// Whether our value wins over theirs.
    func oursWins(ours: String, theirs: String) -> Bool {
        switch self {
        case .ours: return true
        case .theirs: return false
        case .byValue: return ours >= theirs
        }
    }
}

/// Something the merge decided that the person should hear about.
public struct MergeNote: Sendable, Equatable {
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
}
