import CarouselGit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Explains a vault whose git repository belongs to another account: who owns it, and git's own
/// remedy. git (and libgit2) refuse such a repository, since its config could run commands.
enum VaultOwner {
    /// Opens the vault's repository, turning libgit2's ownership refusal into a plain sentence.
    static func open(_ vault: Vault) throws(CarouselError) -> Repository {
        do {
            return try Repository.open(at: vault.root)
        } catch let error as GitError where error.isNotOwned {
            throw notOwned(vault)
        } catch {
            throw .git("cannot open the vault's git repository: \(error.localizedDescription)")
        }
    }

    static func notOwned(_ vault: Vault) -> CarouselError {
        var st = stat()
        let gitDir = vault.root + "/.git"
        let uid = stat(gitDir, &st) == 0 ? st.st_uid : (stat(vault.root, &st) == 0 ? st.st_uid : 0)
        return .notOwned(path: vault.root, owner: name(of: uid), you: name(of: geteuid()))
    }

    /// "alice", or "uid 1001" for an account with no name here.
    static func name(of uid: uid_t) -> String {
        if let entry = getpwuid(uid), let name = entry.pointee.pw_name { return String(cString: name) }
        return "uid \(uid)"
    }
}
