import ArgumentParser
import CarouselCore
import Foundation

struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "List every problem at the vault's edge and in its files, with what to do about each.",
        discussion: """
            Looks at the state folder (.carousel), links that lead out of the vault, what can stop \
            git (a submodule in git's index, a sync or pull stopped half way, a file where git has \
            a folder or the other way, a FIFO or device among the files), ids that cannot \
            be used, files that do not parse, leftovers of interrupted saves and the configured \
            remotes (a remote on this machine is looked at; a network one is not contacted). It \
            changes nothing and works even when other commands refuse the vault. Exits 1 when it \
            finds a problem.
            """)

    @OptionGroup var options: GlobalOptions

    func run() throws {
        try reporting {
            let vault = try Vault.locate(explicit: options.vault, environment: options.environment,
                                         cwd: FileManager.default.currentDirectoryPath, checkingStructure: false)
            let report = VaultDoctor.run(vault: vault)
            let calDAV = Doctor.calDAV(vault, environment: options.environment)
            if options.json {
                printRaw(JSONOutput.render(DoctorJSON(vault: vault.root, problems: report.problems,
                                                         findings: report.findings, remotes: report.remotes), snakeCase: true))
            } else {
                printLines(calDAV.lines + lines(report))
            }
            if report.problems + calDAV.problems > 0 { throw ExitCode(1) }
        }
    }

    func lines(_ report: VaultDoctor.Report) -> [String] {
        let t = Terminal.current
        var out: [String] = []
        for f in report.findings {
            out.append((f.severity == .problem ? t.red("✗") : "·") + " " + f.message)
            out.append("    " + f.fix)
        }
        for r in report.remotes {
            let state = r.reachable.map { $0 ? "there" : "missing" } ?? "not contacted (network); `carousel sync` tries it"
            out.append("· remote \(r.name): \(r.url) (\(r.kind), \(state))")
        }
        if report.remotes.isEmpty { out.append("· no remotes: add one with `git remote add origin URL` to sync") }
        out.append(report.problems == 0 ? "All clear: nothing at the vault's edge needs you."
                                         : "\(Words.plural(report.problems, "problem")) to look at.")
        return out
    }
}

/// `carousel doctor --json`: keys in snake_case.
private struct DoctorJSON: Encodable {
    let vault: String
    let problems: Int
    let findings: [DoctorFinding]
    let remotes: [DoctorRemote]
}
