import Foundation

/// Everything that can stop a command, worded for the person at the keyboard.
public enum CarouselError: Error, LocalizedError, Sendable {
    case notAVault(path: String, reason: String)
    case noVaultFound(cwd: String)
    case alreadyAVault(path: String)
    case unknownCard(ref: String, candidates: [String])
    case ambiguousCard(ref: String, candidates: [String])
    /// A short number no card has today.
    case unknownNumber(Int)
    case invalidFile(FileDiagnostic)
    case invalidValue(field: String, message: String)
    case parentCycle([String])
    /// `blocked_by` entries that would make cards wait for each other, as the chain of slugs.
    case blockCycle([String])
    case outsideVault(String)
    /// A link or the state folder that would take a read or a write out of the vault; the text says what to do.
    case boundary(String)
    case locked(holder: String?)
    /// The disk (or the quota) is full while saving `path` (vault-relative); nothing was changed.
    case diskFull(path: String, quota: Bool)
    /// The vault cannot be written by this account (a read-only mount, or modes that forbid it).
    case readOnly(path: String)
    /// The vault's git repository belongs to another account, which git refuses to open.
    case notOwned(path: String, owner: String, you: String)
    case io(String)
    case git(String)
    case usage(String)

    public var errorDescription: String? {
        switch self {
        case let .notAVault(path, reason):
            return "\(path) is not a Carousel vault: \(reason). Run `carousel init \(shellQuoted(path))` to make one there."
        case let .noVaultFound(cwd):
            return "no vault here: \(cwd) and the folders above it have no carousel.yaml. Use --vault PATH, set CAROUSEL_VAULT, or run `carousel init`."
        case let .alreadyAVault(path):
            return "\(path) is already a Carousel vault; nothing was changed"
        case let .unknownCard(ref, candidates):
            if candidates.isEmpty { return "no card '\(ref)'. `carousel list` shows every card with its number and slug." }
            if candidates.count == 1 {
                // Candidates read "3  call-mum  (Call Mum)"; the slug is what to type.
                let name = candidates[0].components(separatedBy: "  ").first { Int($0) == nil } ?? candidates[0]
                return "no card '\(ref)'. Did you mean '\(name)'?"
            }
            return "no card '\(ref)'. Did you mean one of these?\n" + candidates.map { "  \($0)" }.joined(separator: "\n")
        case let .unknownNumber(n):
            return "no card has number \(n) today. `carousel list` shows today's numbers."
        case let .ambiguousCard(ref, candidates):
            let shown = candidates.prefix(CardRef.shownCandidates).map { "  \($0)" }
            let more = candidates.count > shown.count ? ["  … and \(candidates.count - shown.count) more"] : []
            return "'\(ref)' matches \(candidates.count) cards; say which (a number, or more of the slug):\n"
                + (shown + more).joined(separator: "\n")
        case let .invalidFile(diag):
            return diag.description
        case let .invalidValue(field, message):
            return "\(field): \(message)"
        case let .parentCycle(chain):
            return "that would make a parent cycle: " + chain.joined(separator: " → ")
        case let .blockCycle(chain):
            return "that would make cards wait for each other forever: " + chain.joined(separator: " → ")
        case let .outsideVault(path):
            return "\(path) is outside the vault; Carousel only reads and writes inside it"
        case let .locked(holder):
            return "another carousel is working on this vault" + (holder.map { " (\($0))" } ?? "")
                + "; try again in a moment"
        case let .diskFull(path, quota):
            return (quota ? "the disk quota is exceeded" : "the disk is full")
                + ": could not save \(path); nothing was changed. Free some space and try again"
        case let .readOnly(path):
            return "the vault at \(path) is read-only for you: Carousel can show it but not change it; nothing was changed"
        case let .notOwned(path, owner, you):
            return "the vault at \(path) belongs to \(owner), not to you (\(you)), so git will not work in it. "
                + "If you trust \(owner), allow it with: git config --global --add safe.directory \(shellQuoted(path))"
        case let .io(message), let .git(message), let .usage(message), let .boundary(message):
            return message
        }
    }
}
