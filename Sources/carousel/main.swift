import CarouselCLI
import Foundation

// The program: the command line over this process's own arguments, environment and streams.
exit(CarouselCommandLine.run(Array(CommandLine.arguments.dropFirst()), environment: CarouselCommandLine.processEnvironment(),
                             input: .standardInput, output: FileHandle.standardOutput, errors: FileHandle.standardError))
