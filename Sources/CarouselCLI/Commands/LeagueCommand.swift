import Foundation
import ArgumentParser
import CarouselCore

struct LeagueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "league",
        abstract: "This week's XP among you and your friends, and your place on the ladder.")

    @OptionGroup var options: GlobalOptions

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let report = try ws.league()
            for p in report.problems { printError(p) }
            if options.json {
                return LeagueJSON(report).printJSON()
            }
            let t = Terminal.current
            var out = ["", "  " + t.bold("LEAGUE") + t.dim("  ·  week of \(Words.shortDate(report.weekStart))"),
                       "  You're at " + t.bold(report.tier.name) + t.dim("  (Hilltop → Base Camp → Mont Blanc → K2 → Everest)"), ""]
            for e in report.entries {
                let name = e.isYou ? t.bold("you") : e.name
                out.append("  " + fit("\(e.rank).", 4) + fit(name, 20) + fit("\(e.xp) XP", 9)
                           + t.dim("\(Words.plural(e.qualifyingDays, "good day")) · \(e.focusMinutes) focus min"))
            }
            if report.entries.count == 1 {
                out += ["", t.dim("  Add a friend's vault with `carousel friend add NAME GIT-URL`; it is only ever read.")]
            }
            out += ["", t.dim("  Ranks 1–12 climb, 13–15 stay, 16 and below step down when the week ends."), ""]
            print(out.joined(separator: "\n"))
        }
    }
}

struct Friend: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "friend",
        abstract: "Friends whose vaults join your league (read-only git remotes).",
        subcommands: [FriendAdd.self])
}

struct FriendAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Register a friend's vault by its git URL; it is fetched, never pushed to.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "A short name for your friend.")
    var name: String

    @Argument(help: "Where their vault is: a path, file://, git://, ssh or https URL.")
    var url: String

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let url = Friend.absolute(url)
            let problem = try ws.addFriend(name: name, url: url)
            if let problem { printError(problem) }
            if options.json {
                return LeagueJSON.Joined(name: Slug.make(from: name), url: url, fetched: problem == nil).printJSON()
            }
            print("Added \(Slug.make(from: name)) to your league." + (problem == nil ? " `carousel league` shows the standings." : ""))
        }
    }
}

extension Friend {
    /// A relative path is kept as an absolute one, so `league` works from any folder.
    static func absolute(_ url: String) -> String {
        guard !url.contains("://"), !url.hasPrefix("/"), !url.hasPrefix("~") else { return url }
        // scp-like `host:path` stays; a local folder that exists is made absolute.
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let local = URL(fileURLWithPath: url, relativeTo: cwd).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: local.path, isDirectory: &isDirectory), isDirectory.boolValue else { return url }
        return local.path
    }
}
