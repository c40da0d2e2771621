import CarouselCore
import Foundation

extension Sync {
    /// After the git sync, a vault connected to a CalDAV account (`.carousel/caldav.json`) syncs
    /// with it too: `carousel-caldav sync` runs as a child, its lines printed after the git
    /// sync's (to standard error with --json, so standard output stays one JSON value). A
    /// CalDAV failure is said and leaves the git sync's result as it is.
    func syncCalDAV(_ vault: Vault) {
        guard FileManager.default.fileExists(atPath: vault.url(Vault.localDir + "/caldav.json")) else { return }
        guard let program = Serve.locateProgram("carousel-caldav") else {
            return printError("CalDAV: the carousel-caldav program is not next to carousel or on PATH; the account was not synced")
        }
        var args = ["sync", "--vault", vault.root]
        if let day = options.pinnedDay { args += ["--today", day.iso] }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = args
        p.environment = options.environment
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        do { try p.run() } catch { return printError("CalDAV: cannot run \(program): \(error.localizedDescription)") }
        let said = out.fileHandleForReading.readDataToEndOfFile()
        let problem = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let text = String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if !text.isEmpty { options.json ? printError(text) : print(text) }
        let error = String(decoding: problem, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if !error.isEmpty { printError(error) }
    }
}
