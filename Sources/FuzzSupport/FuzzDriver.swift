// The shared entry point of the fuzz targets.
//
// Under `make fuzz` (`-sanitize=fuzzer -DFUZZING`) it hands each input to libFuzzer's driver; in
// an ordinary build it replays the files named on the command line through the same check, so a
// saved crash can be run again and kept as a regression test.
import Foundation

/// The running target's check. Set once in `main` before any input arrives; libFuzzer calls
/// back through C, which cannot carry a Swift closure, hence a global.
nonisolated(unsafe) private var currentCheck: (([UInt8]) -> Void)?

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// The entry point libFuzzer's own `main` calls, when the linker picks that one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    currentCheck?(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#endif

public enum FuzzDriver {
    /// Runs `check` on every input: from libFuzzer when fuzzing, from files otherwise.
    public static func main(_ check: @escaping ([UInt8]) -> Void) -> Never {
        currentCheck = check
        #if FUZZING
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
        #else
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            check(Array(data))
        }
        exit(0)
        #endif
    }
}
