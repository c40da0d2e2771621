import Foundation
internal import Clibgit2

/// A failed libgit2 call, with the library's own explanation.
public struct GitError: Error, LocalizedError, Sendable {
    /// The libgit2 return code (a `git_error_code`, e.g. -3 for not found).
    public let code: Int32
    /// The C function that failed.
    public let function: String
    /// libgit2's last error message for the calling thread.
    public let message: String

    public init(code: Int32, function: String, message: String) {
        self.code = code
        self.function = function
        self.message = message
    }

    /// libgit2 refused a repository owned by another account (git's `safe.directory` rule).
    /// libgit2 1.5 reports it as a missing `safe.directory` value when none is configured.
    public var isNotOwned: Bool {
        code == GIT_EOWNER.rawValue || (function == "git_repository_open_ext" && message.contains("safe.directory"))
    }

    public var errorDescription: String? {
        "\(function) failed: \(message)"
    }
}

/// Throws a `GitError` when a libgit2 call returned a negative code.
///
/// The error message is read straight away because libgit2 keeps only the
/// last error per thread and any later call may overwrite it.
func check(_ result: Int32, _ function: String) throws {
    guard result < 0 else { return }
    var message = "unknown error (\(result))"
    if let error = git_error_last(), let text = error.pointee.message {
        message = String(cString: text)
    }
    throw GitError(code: result, function: function, message: message)
}
