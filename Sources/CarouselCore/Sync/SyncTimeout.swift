import CarouselGit

/// How long a sync waits on a silent remote, and who may say so.
///
/// `carousel.yaml` travels with the vault, so anyone who can push may change its
/// `sync: {timeout:}`; it may shorten the wait but never stretch it past this device's ceiling:
/// `git config carousel.syncTimeout SECONDS` (this device's own config, never pushed), else the
/// standard 60 s. `--timeout` is typed on this device and always counts.
public enum SyncTimeout {
    /// The ceiling when the device sets none: the standard no-progress limit.
    public static let standardCeiling = TransferLimits.standard.noProgress

    public struct Choice: Equatable, Sendable {
        /// Seconds for `TransferLimits(timeout:)`; nil keeps the standard limits.
        public var seconds: Double?
        /// Said on stderr when the vault asked for more than this device allows.
        public var note: String?
    }

    /// The seconds to use: `flag`, else the vault's setting up to the device's ceiling, else the
    /// device's own setting.
    public static func choose(flag: Double?, vault: Int?, device: Double?) -> Choice {
        if let flag { return Choice(seconds: flag) }
        let ceiling = device ?? standardCeiling
        guard let vault else { return Choice(seconds: device) }
        if Double(vault) <= ceiling { return Choice(seconds: Double(vault)) }
        let note = "carousel.yaml asks sync to wait up to \(vault) s on a silent remote; this device allows at most "
            + "\(Int(ceiling)) s, so that is the limit. To allow more on this device: git config carousel.syncTimeout \(vault)"
        return Choice(seconds: ceiling, note: note)
    }

    /// Reads the vault's `sync.timeout` and this device's `carousel.syncTimeout` (1–3600 s; any
    /// other value is ignored and the standard ceiling stays).
    public static func choose(flag: Double?, vault: Vault) -> Choice {
        let configured = (try? vault.readText(Vault.settingsFile)).flatMap { try? Settings.parse(text: $0) }?.syncTimeout
        let repository = try? Repository.open(at: vault.root)
        let device = repository?.configString("carousel.syncTimeout").flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            .flatMap { (1...3600).contains($0) ? $0 : nil }
        return choose(flag: flag, vault: configured, device: device)
    }
}
