internal import Clibgit2

/// Who made a commit: a name and an email, without a time.
public struct Signature: Sendable, Equatable {
    public var name: String
    public var email: String

    public init(name: String, email: String) {
        self.name = name
        self.email = email
    }

    /// Lends a libgit2 signature stamped with the current time, freed afterwards.
    func withGitSignature<R>(_ body: (UnsafeMutablePointer<git_signature>) throws -> R) throws -> R {
        var raw: UnsafeMutablePointer<git_signature>?
        try check(git_signature_now(&raw, name, email), "git_signature_now")
        defer { git_signature_free(raw) }
        guard let signature = raw else {
            throw GitError(code: -1, function: "git_signature_now", message: "no signature returned")
        }
        return try body(signature)
    }
}
