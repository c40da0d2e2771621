internal import Clibgit2
#if canImport(Glibc)
import Glibc
#endif

extension Repository {
    /// Files in the work tree under `folders` that git's ignore rules hide (a `.gitignore`,
    /// `.git/info/exclude`, the global excludes file) and that are not tracked: `git status
    /// --ignored` for those folders. Such a file is never committed by `git add -A` nor by
    /// Carousel, so nothing of it is shared.
    public func ignoredFiles(under folders: [String]) throws -> [String] {
        var options = git_status_options()
        try check(git_status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION)), "git_status_options_init")
        options.show = GIT_STATUS_SHOW_WORKDIR_ONLY
        options.flags = GIT_STATUS_OPT_INCLUDE_IGNORED.rawValue | GIT_STATUS_OPT_RECURSE_IGNORED_DIRS.rawValue
            | GIT_STATUS_OPT_SORT_CASE_SENSITIVELY.rawValue
        let specs = folders.map { strdup($0 + "/") }
        defer { specs.forEach { free($0) } }
        var pointers = specs
        var list: OpaquePointer?
        let result = pointers.withUnsafeMutableBufferPointer { buffer -> Int32 in
            options.pathspec = git_strarray(strings: buffer.baseAddress, count: buffer.count)
            return git_status_list_new(&list, pointer, &options)
        }
        try check(result, "git_status_list_new")
        defer { git_status_list_free(list) }
        var paths: [String] = []
        for index in 0..<git_status_list_entrycount(list) {
            guard let entry = git_status_byindex(list, index)?.pointee, entry.status.rawValue & GIT_STATUS_IGNORED.rawValue != 0,
                  let delta = entry.index_to_workdir, let raw = delta.pointee.new_file.path ?? delta.pointee.old_file.path else { continue }
            paths.append(String(cString: raw))
        }
        return paths
    }
}
