internal import Clibgit2

/// One path that differs between HEAD and the work tree.
public struct StatusEntry: Sendable, Equatable {
    /// Work-tree-relative path, `/`-separated.
    public let path: String
    public let change: Change

    public enum Change: Sendable {
        case added, modified, deleted, typeChanged, conflicted
    }

    public init(path: String, change: Change) {
        self.path = path
        self.change = change
    }
}

extension Repository {
    /// Changes in the work tree vs HEAD (index and work tree combined), untracked files included, ignored excluded.
    ///
    /// Renames are not detected; they show as a deletion plus an addition.
    public func status() throws -> [StatusEntry] {
        var options = git_status_options()
        try check(git_status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION)), "git_status_options_init")
        options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
        options.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue
            | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS.rawValue
            | GIT_STATUS_OPT_SORT_CASE_SENSITIVELY.rawValue
        var list: OpaquePointer?
        try check(git_status_list_new(&list, pointer, &options), "git_status_list_new")
        defer { git_status_list_free(list) }

        var entries: [StatusEntry] = []
        for index in 0..<git_status_list_entrycount(list) {
            guard let entry = git_status_byindex(list, index)?.pointee,
                  let change = Self.change(for: entry.status.rawValue),
                  let path = Self.path(of: entry) else { continue }
            entries.append(StatusEntry(path: path, change: change))
        }
        return entries
    }

    /// Folds the staged and unstaged halves into one HEAD-to-work-tree change; nil when they cancel out.
    private static func change(for flags: UInt32) -> StatusEntry.Change? {
        func has(_ flag: git_status_t) -> Bool { flags & flag.rawValue != 0 }
        if has(GIT_STATUS_CONFLICTED) { return .conflicted }
        if has(GIT_STATUS_WT_DELETED) { return has(GIT_STATUS_INDEX_NEW) ? nil : .deleted }
        if has(GIT_STATUS_INDEX_DELETED) { return has(GIT_STATUS_WT_NEW) ? .modified : .deleted }
        if has(GIT_STATUS_INDEX_NEW) || has(GIT_STATUS_WT_NEW) { return .added }
        if has(GIT_STATUS_INDEX_TYPECHANGE) || has(GIT_STATUS_WT_TYPECHANGE) { return .typeChanged }
        if has(GIT_STATUS_INDEX_MODIFIED) || has(GIT_STATUS_WT_MODIFIED) { return .modified }
        return nil
    }

    private static func path(of entry: git_status_entry) -> String? {
        guard let delta = entry.head_to_index ?? entry.index_to_workdir else { return nil }
        guard let raw = delta.pointee.new_file.path ?? delta.pointee.old_file.path else { return nil }
        return String(cString: raw)
    }
}
