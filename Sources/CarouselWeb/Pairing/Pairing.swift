import CarouselDevices
import Foundation

/// What `carousel serve --lan` adds to the token: a one-time pairing code, and the paired
/// devices, each with its own session cookie, kept hashed in `.carousel/devices.json`.
public final class Pairing: @unchecked Sendable {
    public static let cookieName = "carousel_device"
    public let devices: PairedDevices
    /// The local time as `YYYY-MM-DDTHH:MM`, for when a device was paired and last seen.
    let now: @Sendable () -> String
    /// Hears each newly paired device (the server prints it).
    let onPaired: @Sendable (PairedDevice) -> Void
    private let lock = NSLock()
    private var code: String?
    /// When the code was made, by `clock`; it pairs for `lifetime` seconds after that.
    private let issued: Double
    /// Seconds since some fixed moment (the wall clock in the server; tests pass their own).
    let clock: @Sendable () -> Double
    public static let lifetime: Double = 10 * 60
    private var noted: [String: String] = [:]

    public init(devices: PairedDevices, code: String = Pairing.makeCode(), now: @escaping @Sendable () -> String,
                onPaired: @escaping @Sendable (PairedDevice) -> Void = { _ in },
                clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.devices = devices
        self.code = code
        self.clock = clock
        self.issued = clock()
        self.now = now
        self.onPaired = onPaired
    }

    /// 16 random bytes as hex: short enough for a small QR code, too many to guess.
    public static func makeCode() -> String { PairedDevices.randomHex(bytes: 16) }

    /// The code while it is unused and less than ten minutes old.
    public var pendingCode: String? { lock.lock(); defer { lock.unlock() }; return expired ? nil : code }

    /// Whether the code is older than `lifetime`; a code left on a screen cannot be used later.
    var expired: Bool { clock() - issued > Pairing.lifetime }

    /// Pairs the device that brings the right code, once: the session token for its cookie.
    /// Nil for a wrong code, one already used, or one more than ten minutes old.
    func redeem(_ candidate: String, userAgent: String) throws -> String? {
        lock.lock()
        guard let code, !expired, Access.same(candidate, code) else { lock.unlock(); return nil }
        self.code = nil
        lock.unlock()
        do {
            let (device, token) = try devices.add(name: userAgent, at: now())
            onPaired(device)
            return token
        } catch {
            // Not saved (a read-only vault, a full disk): the code stays usable.
            lock.lock()
            self.code = code
            lock.unlock()
            throw error
        }
    }

    /// The paired device with this session token, noting when it was last seen (a write at most
    /// once a minute); nil for none or a revoked one.
    func device(token: String) -> PairedDevice? {
        guard let device = devices.device(token: token) else { return nil }
        let minute = now()
        lock.lock()
        let fresh = noted[device.id] != minute
        noted[device.id] = minute
        lock.unlock()
        if fresh { devices.seen(id: device.id, at: minute) }
        return device
    }

    func cookie(_ token: String) -> String {
        "\(Pairing.cookieName)=\(token); Path=/; Max-Age=31536000; HttpOnly; Secure; SameSite=Strict"
    }

    /// Tells a browser to forget a device cookie that no longer lets it in.
    static var forget: String { "\(Pairing.cookieName)=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict" }

    /// The local time as `YYYY-MM-DDTHH:MM`.
    public static func localMinute(_ date: Date = Date()) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd'T'HH:mm"
        return f.string(from: date)
    }
}
