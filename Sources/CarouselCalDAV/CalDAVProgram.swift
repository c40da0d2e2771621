import CarouselCore
import Foundation

/// `carousel-caldav`, which `carousel caldav` runs with the vault already located:
///   carousel-caldav connect URL --user NAME [--password-file FILE] [--tasks NAME] [--calendar NAME]
///   carousel-caldav sync [--send-back]
///   carousel-caldav status
///   carousel-caldav disconnect
/// each with --vault PATH [--today DAY] [--json].
public enum CalDAVProgram {
    struct Arguments {
        var verb = ""
        var url: String?
        var options: [String: String] = [:]
        var flags: Set<String> = []

        init(_ args: [String]) throws(CarouselError) {
            var rest = args[...]
            let valued: Set<String> = ["--user", "--password-file", "--tasks", "--calendar", "--vault", "--today"]
            let known: Set<String> = ["--json", "--send-back"]
            while let word = rest.popFirst() {
                if valued.contains(word) {
                    guard let value = rest.popFirst() else { throw .usage("\(word) needs a value") }
                    options[word] = value
                } else if let eq = word.firstIndex(of: "="), valued.contains(String(word[..<eq])) {
                    options[String(word[..<eq])] = String(word[word.index(after: eq)...])
                } else if known.contains(word) {
                    flags.insert(word)
                } else if word.hasPrefix("-") {
                    throw .usage("unknown option \(word); see `carousel caldav --help`")
                } else if verb.isEmpty {
                    verb = word
                } else if verb == "connect", url == nil {
                    url = word
                } else {
                    throw .usage("unexpected \"\(word)\"; see `carousel caldav --help`")
                }
            }
        }
    }

    public static func main(_ args: [String]) async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        var json = args.contains("--json")
        do {
            let a = try Arguments(args)
            json = a.flags.contains("--json")
            let vault = try Vault.locate(explicit: a.options["--vault"], environment: environment,
                                         cwd: FileManager.default.currentDirectoryPath)
            let pinned = a.options["--today"].flatMap(Day.init(iso:)) ?? environment["CAROUSEL_TODAY"].flatMap(Day.init(iso:))
            let moment = Moment.now(pinned: pinned)
            let out: (text: String, json: String)
            switch a.verb {
            case "connect": out = try await CalDAVCommands.connect(a, vault: vault, environment: environment)
            case "sync": out = try await CalDAVCommands.sync(vault: vault, moment: moment, environment: environment,
                                                             sendBack: a.flags.contains("--send-back"))
            case "status": out = try CalDAVCommands.status(vault: vault)
            case "disconnect": out = try CalDAVCommands.disconnect(vault: vault)
            default:
                throw CarouselError.usage("say what to do: carousel caldav connect URL --user NAME, carousel caldav sync, "
                    + "carousel caldav status or carousel caldav disconnect")
            }
            print(json ? out.json : out.text)
            return 0
        } catch let error as CarouselError {
            return fail(error.errorDescription ?? "\(error)", usage: { if case .usage = error { true } else { false } }(), json: json)
        } catch {
            return fail("\(error)", usage: false, json: json)
        }
    }

    static func fail(_ message: String, usage: Bool, json: Bool) -> Int32 {
        if json {
            print(JSONText.string(["error": message], .pretty) ?? "{}")
        }
        FileHandle.standardError.write(Data("carousel caldav: \(message)\n".utf8))
        return usage ? 2 : 1
    }
}
