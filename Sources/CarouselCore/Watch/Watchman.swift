import CarouselGit
import Foundation

/// Carousel's few requests to Watchman (https://facebook.github.io/watchman/), over its socket.
/// Nothing here starts Watchman, except `watch on` asking its program for the socket
/// (`start`); a refresh that finds no Watchman stats every file as it always did.
enum Watchman {
    /// Where a watched folder sits in Watchman's watch: the watched root and the folder's path
    /// inside it (nil when the folder is the root).
    struct Watched: Codable, Equatable {
        var watch: String
        var relative: String?

        /// `relative_root` for a folder inside the vault ("" is the vault itself).
        func inside(_ dir: String) -> String? {
            let parts = [relative, dir.isEmpty ? nil : dir].compactMap { $0 }.filter { !$0.isEmpty }
            return parts.isEmpty ? nil : parts.joined(separator: "/")
        }
    }

    /// A connection to the Watchman that `WATCHMAN_SOCK` names, else the one met last time
    /// (`remembered`), else the one `watchman get-sockname` names (never starting it unless
    /// `start`); nil when none answers. Also returns the socket's path.
    static func connect(environment: [String: String], remembered: String? = nil, start: Bool = false) -> (WatchmanConnection, String)? {
        if let named = environment["WATCHMAN_SOCK"], !named.isEmpty {
            return WatchmanConnection(socket: named).map { ($0, named) }
        }
        if let remembered, let c = WatchmanConnection(socket: remembered) { return (c, remembered) }
        guard let named = socketName(environment: environment, start: start) else { return nil }
        return WatchmanConnection(socket: named).map { ($0, named) }
    }

    /// What `watchman get-sockname` prints, with `--no-spawn` unless `start` (then a plain
    /// `watchman version` first starts the service the way Watchman's own commands do).
    static func socketName(environment: [String: String], start: Bool) -> String? {
        guard let program = program(environment: environment) else { return nil }
        if start { _ = run(program, ["version"], environment: environment) }
        guard let out = run(program, ["--no-spawn", "--output-encoding=json", "get-sockname"], environment: environment),
              let answer = try? JSONDecoder().decode(WatchmanAnswer.self, from: out) else { return nil }
        return answer.sockname
    }

    /// The `watchman` program on the run's PATH.
    static func program(environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/watchman" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static func run(_ program: String, _ arguments: [String], environment: [String: String]) -> Data? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitForExit()
        return process.terminationStatus == 0 ? data : nil
    }

    /// Asks Watchman to watch `root` (the project around it, when there is one).
    static func watchProject(_ connection: WatchmanConnection, root: String) -> Result<Watched, WatchProblem> {
        guard let answer = connection.send(["watch-project", .string(root)]) else { return .failure(.noAnswer) }
        if let error = answer.error { return .failure(.refused(error)) }
        guard let watch = answer.watch else { return .failure(.noAnswer) }
        return .success(Watched(watch: watch, relative: answer.relativePath))
    }

    /// Stops watching `root` (its project root, when Watchman watches that).
    static func unwatch(_ connection: WatchmanConnection, root: String) {
        if case .success(let watched) = watchProject(connection, root: root), watched.relative == nil {
            _ = connection.send(["watch-del", .string(watched.watch)])
        }
    }

    enum WatchProblem: Error, Equatable {
        case noAnswer
        case refused(String)

        var sentence: String {
            switch self {
            case .noAnswer: return "Watchman did not answer"
            case .refused(let why): return "Watchman refused: \(why)"
            }
        }
    }

    /// The names under `dir` that changed since `clock`, with the clock now; `fields` as
    /// Watchman's query takes them. Files of git's folder are never asked for.
    static func query(_ connection: WatchmanConnection, _ watched: Watched, dir: String, since clock: String?,
                      fields: [String]) -> Result<WatchmanAnswer, WatchProblem> {
        var spec: [String: WatchmanValue] = [
            "fields": .array(fields.map { .string($0) }),
            "expression": ["not", ["anyof", ["dirname", ".git"], ["name", ".git"]]],
            // A fresh instance lists every file; both callers then want none of them.
            "empty_on_fresh_instance": .bool(true),
        ]
        if let clock { spec["since"] = .string(clock) }
        if let root = watched.inside(dir) { spec["relative_root"] = .string(root) }
        guard let answer = connection.send(["query", .string(watched.watch), .object(spec)]) else { return .failure(.noAnswer) }
        if let error = answer.error { return .failure(.refused(error)) }
        guard answer.clock != nil else { return .failure(.noAnswer) }
        return .success(answer)
    }

    /// The clock now, after Watchman has seen every change made before the call.
    static func clock(_ connection: WatchmanConnection, _ watched: Watched) -> Result<String, WatchProblem> {
        guard let answer = connection.send(["clock", .string(watched.watch), ["sync_timeout": 5000]]) else { return .failure(.noAnswer) }
        if let error = answer.error { return .failure(.refused(error)) }
        guard let clock = answer.clock else { return .failure(.noAnswer) }
        return .success(clock)
    }
}
