import CarouselCLI
import Foundation

/// Runs the command line in this test's process (`CarouselCommandLine.run`): the same code as
/// the `carousel` binary, without starting a process for each command. One run at a time: for
/// its duration the process's environment and working folder are the run's, since libgit2 and
/// the programs a command starts (ssh, an editor) read the process's.
enum InProcess {
    /// Every command through the built binary instead, with `CAROUSEL_TEST_PROCESS=1`.
    static let disabled = ProcessInfo.processInfo.environment["CAROUSEL_TEST_PROCESS"] == "1"

    /// Commands that need a process of their own: `serve` replaces the process with the web
    /// server, `merge-driver` is run by git, and `focus` waits on signals.
    static let processOnly: Set<String> = ["serve", "caldav", "merge-driver", "focus"]

    /// Whether a run with `env` can happen in this process: not when it preloads a library
    /// (nss_wrapper's account database), which only a new process loads.
    static func canRun(_ args: [String], env: [String: String]) -> Bool {
        !disabled && env["LD_PRELOAD"] == nil && !args.contains(where: processOnly.contains)
    }

    private static let lock = NSLock()

    /// Runs the command line; after `limit` seconds a run that has not returned stops the
    /// test process (a hang cannot be killed in-process), which fails the test.
    static func run(_ args: [String], env: [String: String], cwd: URL, limit: Int? = nil) -> RunResult {
        lock.lock()
        defer { lock.unlock() }
        let watchdog = limit.map { limit in
            DispatchWorkItem {
                FileHandle.standardError.write(Data("carousel \(args) hung for \(limit) s; stopping the test\n".utf8))
                abort()
            }
        }
        if let limit, let watchdog { DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(limit), execute: watchdog) }
        defer { watchdog?.cancel() }
        let before = ProcessInfo.processInfo.environment
        setProcessEnvironment(env)
        CarouselCommandLine.processEnvironmentChanged()
        let folder = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(cwd.path)
        defer {
            _ = FileManager.default.changeCurrentDirectoryPath(folder)
            setProcessEnvironment(before)
        }
        let out = OutputBuffer(), err = OutputBuffer()
        let status = CarouselCommandLine.run(args, environment: env, input: .nullDevice, output: out, errors: err)
        return RunResult(status: status, stdout: out.text, stderr: err.text)
    }

    private static func setProcessEnvironment(_ env: [String: String]) {
        for key in ProcessInfo.processInfo.environment.keys where env[key] == nil { unsetenv(key) }
        for (key, value) in env { setenv(key, value, 1) }
    }
}
