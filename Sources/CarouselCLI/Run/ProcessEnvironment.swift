#if canImport(Glibc)
import Glibc
#endif

extension CarouselCommandLine {
    /// The process's environment, read from `environ` as `getenv` reads it (the first of a name
    /// wins). Foundation's `ProcessInfo.environment` costs a tenth of `carousel --version`
    /// (docs/performance.md, "Start-up").
    public static func processEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        // `clearenv` leaves it null, which Swift's view of it does not allow for.
        typealias List = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
        guard var entry = unsafeBitCast(environ, to: List?.self) else { return environment }
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let eq = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<eq])
                if environment[name] == nil { environment[name] = String(text[text.utf8.index(after: eq)...]) }
            }
            entry += 1
        }
        return environment
    }
}
