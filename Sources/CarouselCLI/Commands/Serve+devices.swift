import CarouselCore
import CarouselDevices
import Foundation

/// `carousel serve --devices` and `--revoke ID`: the devices paired with `carousel serve --lan`,
/// read and changed here without starting the server (a running server sees a revocation at once).
extension Serve {
    func listDevices(_ vault: Vault) throws {
        let list = try PairedDevices(vault: vault).list()
        if options.json { return DevicesOutput(devices: list.map(DeviceItem.init)).printJSON() }
        let t = Terminal.current
        guard !list.isEmpty else {
            return print("No device is paired. `carousel serve --lan` prints a pairing code for a phone.")
        }
        for device in list {
            print(t.bold(device.id) + "  " + device.name + t.dim("  paired \(Serve.shown(device.paired)), last seen \(Serve.shown(device.lastSeen))"))
        }
        print("")
        print(t.dim("End a device's session with `carousel serve --revoke ID`."))
    }

    func revokeDevice(_ id: String, _ vault: Vault) throws {
        guard let gone = try PairedDevices(vault: vault).revoke(id: id) else {
            let known = (try? PairedDevices(vault: vault).list().map(\.id)) ?? []
            throw CarouselError.usage("no paired device has the id \(id)"
                + (known.isEmpty ? "; none is paired" : "; the paired ones are \(known.joined(separator: ", ")) (see `carousel serve --devices`)"))
        }
        if options.json { return RevokedOutput(revoked: DeviceItem(gone)).printJSON() }
        print(Terminal.current.green("✓") + " Revoked \(gone.name) (\(gone.id)): its session is refused from its next request.")
    }

    static func shown(_ minute: String) -> String { minute.replacingOccurrences(of: "T", with: " ") }

    /// A path given relative to where `carousel` ran, for the server, which runs elsewhere.
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    struct DevicesOutput: Encodable { let devices: [DeviceItem] }
    struct RevokedOutput: Encodable { let revoked: DeviceItem }

    struct DeviceItem: Encodable {
        let id, name, paired, lastSeen: String
        init(_ d: PairedDevice) { (id, name, paired, lastSeen) = (d.id, d.name, d.paired, d.lastSeen) }
        enum CodingKeys: String, CodingKey { case id, name, paired, lastSeen = "last_seen" }
    }
}
