internal import Clibgit2

extension Repository {
    /// A bare repository on this machine whose HEAD names a branch it does not have (git's
    /// default `master` while the vault pushed `main`) gets HEAD pointed at `branch`, so a plain
    /// `git clone` of it checks that branch out instead of saying "remote HEAD refers to
    /// nonexistent ref". Returns true when HEAD was changed; a HEAD that names an existing
    /// branch is left alone.
    public static func pointBareHead(at path: String, toBranch branch: String) throws -> Bool {
        try GitLibrary.ensureInitialized()
        var repo: OpaquePointer?
        try check(git_repository_open_bare(&repo, path), "git_repository_open_bare")
        defer { git_repository_free(repo) }
        var head: OpaquePointer?
        try check(git_reference_lookup(&head, repo, "HEAD"), "git_reference_lookup")
        defer { git_reference_free(head) }
        guard let target = git_reference_symbolic_target(head).map({ String(cString: $0) }) else { return false }
        var oid = git_oid()
        if git_reference_name_to_id(&oid, repo, target) == 0 { return false }
        guard git_reference_name_to_id(&oid, repo, "refs/heads/" + branch) == 0 else { return false }
        try check(git_repository_set_head(repo, "refs/heads/" + branch), "git_repository_set_head")
        return true
    }
}
