import Foundation

/// A problem in one of the user's files, located like a compiler error:
/// `cards/call-mum.md:4:8: error: spoons must be 1–5, found "seven"`.
public struct FileDiagnostic: Error, LocalizedError, Equatable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }

    /// Path relative to the vault root.
    public let path: String
    /// Line number starting from 1.
    public let line: Int
    /// Column number starting from 1, counted in characters.
    public let column: Int
    public let severity: Severity
    public let message: String
    /// The offending source line, shown under the message with a caret.
    public let sourceLine: String?

    public init(path: String, line: Int, column: Int, severity: Severity = .error, message: String, sourceLine: String? = nil) {
        self.path = path
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
        self.sourceLine = sourceLine
    }

    /// The one-line form: `path:line:col: error: message`.
    public var headline: String { "\(VisibleText.name(path)):\(line):\(column): \(severity.rawValue): \(message)" }

    public var description: String {
        guard let source = sourceLine else { return headline }
        let pad = String(repeating: " ", count: max(0, column - 1))
        return "\(headline)\n    \(source)\n    \(pad)^"
    }

    public var errorDescription: String? { description }
}
