import Foundation

/// The long explorations run in full under `make stress` (`CAROUSEL_STRESS=1`); `make test` runs
/// a fixed sample of each (the same points every run, never random), so every behaviour they
/// check is still checked by default, only at fewer points.
enum Stress {
    static let full = ProcessInfo.processInfo.environment["CAROUSEL_STRESS"] == "1"

    /// `full` under `make stress`, else `quick`.
    static func pick<T>(full: T, quick: T) -> T { Stress.full ? full : quick }

    /// Whether the `n`th point (counting from 1) of an exploration is visited: every point under
    /// `make stress`, else the first of every `stride`.
    static func visits(_ n: Int, every stride: Int) -> Bool { full || stride <= 1 || n % stride == 1 }
}
