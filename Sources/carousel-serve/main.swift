import CarouselCore
import CarouselWeb
import Foundation

// `carousel serve` runs this program with the vault already located:
//   carousel-serve --vault PATH [--today DATE] [--port N] [--listen ADDRESS] [--open]
let options: ServeArguments
do {
    options = try ServeArguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("carousel serve: \(error)\n".utf8))
    exit(2)
}
exit(await Serve.run(options))
