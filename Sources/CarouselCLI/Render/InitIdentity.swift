import CarouselCore
import Foundation

/// Whose name a new vault's commits carry: `init --name/--email`, else asked on a terminal
/// (git's own identity offered as the default), else git's as git would choose it.
enum InitIdentity {
    /// The identity to write into the vault's git config, or nil to leave git's choice alone.
    static func choose(name: String?, email: String?, environment: [String: String], ask: Bool) -> Signature? {
        let git = VaultInit.gitIdentity(environment: environment)
        var name = name, email = email
        if ask && (name == nil || email == nil) {
            print("Who is writing in this vault? Every change is a commit with your name on it (Enter keeps the default).")
            if name == nil { name = prompt("  Your name", default: git.name) }
            if email == nil { email = prompt("  Your e-mail", default: git.email) }
        }
        // Nothing new to say: git's own identity is used as it is, wherever it comes from.
        guard name != nil || email != nil else { return nil }
        guard let chosenName = name ?? git.name, let chosenEmail = email ?? git.email else { return nil }
        if chosenName == git.name && chosenEmail == git.email && environment["GIT_AUTHOR_NAME"] == nil { return nil }
        return Signature(name: chosenName, email: chosenEmail)
    }

    /// One line of input; nil at the end of input or for an empty answer with no default.
    private static func prompt(_ question: String, default value: String?) -> String? {
        print(question + (value.map { " [\($0)]" } ?? "") + ": ", terminator: "")
        guard let line = readLine()?.trimmingCharacters(in: .whitespaces) else { return value }
        if line.isEmpty || line.contains(where: { $0 == "<" || $0 == ">" }) { return value }
        return line
    }

    /// Said once, at init, when commits will carry Carousel's stand-in rather than a person.
    static func note(_ author: (signature: Signature, standIn: Bool), vault: Vault) -> [String] {
        guard author.standIn else { return [] }
        let here = shellQuoted(vault.root)
        return [
            "  Commits will be signed \"\(author.signature.name) <\(author.signature.email)>\": git has no name or e-mail for you.",
            "  To sign them yourself: git -C \(here) config user.name \"Your Name\"; git -C \(here) config user.email you@example.org",
            "",
        ]
    }
}
