import CarouselCore
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Where a run writes: standard output or error (a file handle), or memory.
public protocol OutputSink: AnyObject {
    func write(_ data: Data)
    /// Whether a person watches it: colour, prompts, progress bars and animations only then.
    var isTerminal: Bool { get }
    /// The terminal's width in columns, when it is one and says.
    var columns: Int? { get }
}

extension FileHandle: OutputSink {
    public var isTerminal: Bool { isatty(fileDescriptor) == 1 }

    public var columns: Int? {
        var size = winsize()
        guard isTerminal, ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}

/// Output kept in memory (never a terminal), for a caller that reads it afterwards.
public final class OutputBuffer: OutputSink, @unchecked Sendable {
    private let bytes = Mutex(Data())
    public init() {}
    public func write(_ data: Data) { bytes.withLock { $0.append(data) } }
    public var isTerminal: Bool { false }
    public var columns: Int? { nil }
    public var data: Data { bytes.withLock { $0 } }
    public var text: String { String(decoding: data, as: UTF8.self) }
}

/// One run of the command line: its environment, its streams and its terminal settings. Every
/// command reads its surroundings from `CommandLineRun.current` rather than from the process, so
/// a run in-process (the tests) sees only what it was given.
final class CommandLineRun: @unchecked Sendable {
    let environment: [String: String]
    let input: FileHandle
    let output: OutputSink
    let errors: OutputSink
    let inputIsTerminal: Bool

    /// `--color always|never`, or `never` for `theme: plain`; nil is `auto`.
    var colorChoice: ColorChoice? {
        didSet { terminalCache.withLock { $0 = nil } }
    }
    /// Category colours from the vault's settings (`categories:` in carousel.yaml).
    var categoryColors = Settings().categoryColors
    /// Tag styles from the vault's settings (`tags:` in carousel.yaml).
    var tagStyles: [String: TagStyle] = [:]
    /// What this run has already said on standard error, so a final error does not repeat it.
    let printedErrors = Mutex<Set<String>>([])

    private let terminalCache = Mutex<Terminal?>(nil)
    /// Standard output's text not written yet: written at a line end on a terminal, else in
    /// chunks and at the end of the run, as C's stdio buffers it.
    private let pending = Mutex<[UInt8]>([])
    private static let chunk = 1 << 16

    init(environment: [String: String], input: FileHandle, output: OutputSink, errors: OutputSink) {
        self.environment = environment
        self.input = input
        self.output = output
        self.errors = errors
        inputIsTerminal = isatty(input.fileDescriptor) == 1
    }

    /// The run under way; outside any, one over the process's own streams and environment.
    @TaskLocal static var current = CommandLineRun(
        environment: CarouselCommandLine.processEnvironment(), input: .standardInput,
        output: FileHandle.standardOutput, errors: FileHandle.standardError)

    /// Colour and width, worked out once from the environment, the output and `--color`.
    var terminal: Terminal {
        terminalCache.withLock { cached in
            if let cached { return cached }
            let made = Terminal(environment: environment, output: output, choice: colorChoice)
            cached = made
            return made
        }
    }

    /// Text for standard output, kept until a line end on a terminal or a full chunk elsewhere.
    func write(_ text: String) {
        var text = text
        let full = text.withUTF8 { bytes in
            pending.withLock { held in
                held.append(contentsOf: bytes)
                return held.count >= Self.chunk || (output.isTerminal && bytes.contains(UInt8(ascii: "\n")))
            }
        }
        if full { flush() }
    }

    /// Writes what standard output holds: before a prompt is answered, a program takes over the
    /// terminal, or the run ends.
    func flush() {
        let held = pending.withLock { held -> [UInt8] in
            defer { held.removeAll(keepingCapacity: true) }
            return held
        }
        if !held.isEmpty { output.write(Data(held)) }
    }

    /// Text for standard error, written at once (after what standard output holds, so a
    /// terminal shows them in order).
    func writeError(_ text: String) {
        if errors.isTerminal { flush() }
        errors.write(Data(text.utf8))
    }

    /// One line of standard input without its line end; nil at the end of input.
    func readLine() -> String? {
        flush()
        var line: [UInt8] = []
        while true {
            let byte = input.readData(ofLength: 1)
            guard let b = byte.first else { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
            if b == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(b)
        }
    }

    /// The rest of standard input.
    func readAll() -> Data {
        flush()
        return input.readDataToEndOfFile()
    }
}

/// One line of this run's standard input (shadows the standard library's, which reads the
/// process's).
func readLine() -> String? { CommandLineRun.current.readLine() }
