import ArgumentParser
import Foundation

extension Carousel {
    /// Like ArgumentParser's `main()`, but a usage mistake exits with 2 (its default is 64),
    /// so the codes are 0 ok, 1 user error, 2 usage, 3 vault or git error.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
