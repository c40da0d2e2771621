import CarouselCalDAV
import Foundation
exit(await CalDAVProgram.main(Array(CommandLine.arguments.dropFirst())))
