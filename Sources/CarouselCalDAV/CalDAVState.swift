import CarouselCore
import Foundation

/// What this device keeps about its CalDAV account: `.carousel/caldav.json`, never committed
/// (`.carousel/` is local). It holds the account's address and user name, the two collections
/// chosen at `connect`, each collection's sync-token, and for every reminder and event sent or
/// received its address, ETag and the fields both sides last agreed on. No password: that comes
/// from git's credential helpers, `CAROUSEL_CALDAV_PASSWORD` or a file (`CalDAVPassword`).
public struct CalDAVState: Codable, Sendable {
    public static var relativePath: String { Vault.localDir + "/caldav.json" }

    public struct Collection: Codable, Sendable {
        public var url: String
        public var name: String
        /// RFC 6578's token from the last sync; nil before the first one.
        public var syncToken: String?
    }

    /// The fields of one item as iCalendar carries them, read back from the text (so the vault's
    /// side and the phone's side are compared in the same terms).
    public struct Fields: Codable, Sendable, Equatable {
        public var title: String
        public var due: String
        /// The zone `due` is a reading of (TZID), "" for floating times and dates.
        public var zone: String
        public var done: Bool
        public var note: String
    }

    public struct Entry: Codable, Sendable {
        public var uid: String
        /// "tasks" or "events".
        public var collection: String
        public var href: String
        public var etag: String?
        /// The card's id when it has one, and its path.
        public var cardID: String?
        public var path: String
        /// SHA-256 of the text last sent, so an unchanged card is not sent again.
        public var sent: String?
        /// What both sides held after the last sync.
        public var base: Fields
        /// Deleted on the server: kept in the vault and listed until the person decides.
        public var deletedOnServer: Bool?
    }

    /// A field changed on both sides since the last sync: the vault's value was kept.
    public struct Clash: Codable, Sendable {
        public var path: String
        public var field: String
        public var vault: String
        public var phone: String
    }

    public var account: String
    public var user: String
    /// A password file outside the vault (0600), when the person chose one at `connect`.
    public var passwordFile: String?
    public var tasks: Collection
    public var events: Collection
    public var entries: [String: Entry] = [:]
    public var clashes: [Clash] = []
    /// The last sync that finished: when (ISO date-time) and what it did, for `status` and `doctor`.
    /// The vault's HEAD and the day when every card was last sent without a refusal: while both
    /// are the same and the account has nothing new, the cards are not read again.
    public var sentHead: String?
    public var sentDay: String?
    public var lastSync: String?
    public var lastResult: String?

    public static func load(_ vault: Vault) throws(CarouselError) -> CalDAVState? {
        let path = vault.url(relativePath)
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        do {
            return try JSONDecoder().decode(CalDAVState.self, from: data)
        } catch {
            throw .io("\(relativePath) cannot be read (\(error.localizedDescription)); `carousel caldav connect` writes it again")
        }
    }

    public func save(_ vault: Vault) throws(CarouselError) {
        _ = try vault.stateFolder()
        guard let data = try? JSONText.encoder(.pretty).encode(self) else { throw .io("cannot encode \(Self.relativePath)") }
        do {
            try data.write(to: URL(fileURLWithPath: vault.url(Self.relativePath)), options: .atomic)
        } catch {
            throw .io("cannot write \(Self.relativePath): \(error.localizedDescription)")
        }
    }
}
