internal import Clibgit2

extension Repository {
    /// The full names of the references matching a glob (`refs/remotes/origin/*`), sorted.
    public func referenceNames(matching glob: String) throws -> [String] {
        var iterator: OpaquePointer?
        try check(git_reference_iterator_glob_new(&iterator, pointer, glob), "git_reference_iterator_glob_new")
        defer { git_reference_iterator_free(iterator) }
        var names: [String] = []
        var name: UnsafePointer<CChar>?
        while true {
            let result = git_reference_next_name(&name, iterator)
            if result == GIT_ITEROVER.rawValue { break }
            try check(result, "git_reference_next_name")
            if let name { names.append(String(cString: name)) }
        }
        return names.sorted()
    }
}
