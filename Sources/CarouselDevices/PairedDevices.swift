import CarouselCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A phone or another computer paired with `carousel serve --lan`: its own session, known by
/// the SHA-256 of its cookie (the cookie itself is never stored), a name from its User-Agent
/// and when it was paired and last seen (local time, `YYYY-MM-DDTHH:MM`).
public struct PairedDevice: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var paired: String
    public var lastSeen: String
    var tokenSha256: String
}

/// `.carousel/devices.json`: the paired devices of this vault on this computer, never committed.
/// The server and `carousel serve --devices/--revoke` share it under `.carousel/devices.lock`;
/// the server looks at the file again whenever it changed, so a revoked device is refused at its
/// next request.
public final class PairedDevices: @unchecked Sendable {
    public static let relativePath = Vault.localDir + "/devices.json"
    static let lockPath = Vault.localDir + "/devices.lock"

    struct Stored: Codable { var devices: [PairedDevice] }

    let vault: Vault
    private let lock = NSLock()
    private var cached: (stamp: [Int], devices: [PairedDevice])?

    public init(vault: Vault) { self.vault = vault }

    /// The paired devices, oldest first; a file that cannot be read is an error naming it.
    public func list() throws(CarouselError) -> [PairedDevice] {
        try read()
    }

    /// Pairs a new device: its record, and the session token to give it (only once, as a cookie).
    public func add(name: String, at now: String) throws(CarouselError) -> (device: PairedDevice, token: String) {
        let token = PairedDevices.randomHex(bytes: 32)
        let clean = PairedDevices.deviceName(name)
        let device = try locked { () throws(CarouselError) -> PairedDevice in
            var devices = try read()
            var id = PairedDevices.randomHex(bytes: 3)
            while devices.contains(where: { $0.id == id }) { id = PairedDevices.randomHex(bytes: 3) }
            let device = PairedDevice(id: id, name: clean, paired: now, lastSeen: now, tokenSha256: SHA256.hex(Array(token.utf8)))
            devices.append(device)
            try write(devices)
            return device
        }
        return (device, token)
    }

    /// Ends a device's session at once; nil when no device has that id.
    public func revoke(id: String) throws(CarouselError) -> PairedDevice? {
        try locked { () throws(CarouselError) -> PairedDevice? in
            var devices = try read()
            guard let index = devices.firstIndex(where: { $0.id == id.lowercased() }) else { return nil }
            let gone = devices.remove(at: index)
            try write(devices)
            return gone
        }
    }

    /// The device whose session token this is, read afresh when the file changed; nil for none,
    /// a revoked one, or a file that cannot be read (then no device is let in).
    public func device(token: String) -> PairedDevice? {
        guard token.count == 64 else { return nil }
        let hash = SHA256.hex(Array(token.utf8))
        return current().first { $0.tokenSha256 == hash }
    }

    /// Notes that a device was seen now (the server calls it at most once a minute per device).
    public func seen(id: String, at now: String) {
        try? locked { () throws(CarouselError) in
            var devices = try read()
            guard let index = devices.firstIndex(where: { $0.id == id }), devices[index].lastSeen != now else { return }
            devices[index].lastSeen = now
            try write(devices)
        }
    }

    private func current() -> [PairedDevice] {
        let stamp = PairedDevices.stamp(vault.url(PairedDevices.relativePath))
        lock.lock()
        defer { lock.unlock() }
        if let cached, cached.stamp == stamp { return cached.devices }
        let devices = (try? read()) ?? []
        cached = (stamp, devices)
        return devices
    }

    private func read() throws(CarouselError) -> [PairedDevice] {
        let path = vault.url(PairedDevices.relativePath)
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return try decoder.decode(Stored.self, from: data).devices
        } catch {
            throw .io("\(PairedDevices.relativePath) cannot be read (\(error.localizedDescription)); "
                + "remove it to unpair every device, then pair again with `carousel serve --lan`")
        }
    }

    private func write(_ devices: [PairedDevice]) throws(CarouselError) {
        let path = vault.url(PairedDevices.relativePath)
        guard let text = JSONText.string(Stored(devices: devices), .pretty, snakeCase: true) else {
            throw .io("cannot write \(PairedDevices.relativePath)")
        }
        _ = try FileSystem.writeAtomically(text + "\n", to: path, shownAs: PairedDevices.relativePath)
        chmod(path, 0o600)
    }

    private func locked<T>(_ body: () throws(CarouselError) -> T) throws(CarouselError) -> T {
        _ = try vault.stateFolder()
        let fd = open(vault.url(PairedDevices.lockPath), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .io("cannot open \(PairedDevices.lockPath): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        return try body()
    }

    static func stamp(_ path: String) -> [Int] {
        var st = stat()
        guard stat(path, &st) == 0 else { return [] }
        return [Int(st.st_ino), Int(st.st_size), Int(st.st_mtim.tv_sec), Int(st.st_mtim.tv_nsec)]
    }

    /// Random bytes from the system generator, as lower-case hex.
    public static func randomHex(bytes: Int) -> String {
        var rng = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in String(UInt8.random(in: .min ... .max, using: &rng), radix: 16).leftPadded(2) }.joined()
    }

    /// A short name for a User-Agent: the browser and the system it names, printable, at most 60.
    public static func deviceName(_ userAgent: String) -> String {
        let ua = userAgent
        let system = [("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Windows", "Windows"),
                      ("Macintosh", "Mac"), ("CrOS", "ChromeOS"), ("Linux", "Linux")].first { ua.contains($0.0) }?.1
        let browser = [("Firefox/", "Firefox"), ("FxiOS/", "Firefox"), ("EdgA/", "Edge"), ("Edg/", "Edge"), ("SamsungBrowser/", "Samsung Internet"),
                       ("CriOS/", "Chrome"), ("Chrome/", "Chrome"), ("Safari/", "Safari")].first { ua.contains($0.0) }?.1
        if let system, let browser { return "\(browser) on \(system)" }
        let printable = String(ua.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7f }.map(Character.init))
            .trimmingCharacters(in: .whitespaces)
        if printable.isEmpty { return "unnamed device" }
        return printable.count > 60 ? String(printable.prefix(59)) + "…" : printable
    }
}
