import Foundation

/// What `carousel pick` offered today on this device: `.carousel/pick.json`, never committed,
/// so `pick --another` does not offer a card twice in a day. Another day starts empty.
public enum PickRecord {
    public static var relativePath: String { Vault.localDir + "/pick.json" }

    struct Stored: Codable {
        var date: String
        var offered: [String]
    }

    /// The keys (`Card.key`) offered on `day`, oldest first; none when the record is of another
    /// day or cannot be read.
    public static func offered(_ vault: Vault, on day: Day) -> [String] {
        guard let data = FileManager.default.contents(atPath: vault.url(relativePath)),
              let stored = try? JSONDecoder().decode(Stored.self, from: data), stored.date == day.iso else { return [] }
        return stored.offered
    }

    /// Keeps `offered` as the day's record.
    public static func save(_ offered: [String], on day: Day, _ vault: Vault) throws(CarouselError) {
        _ = try vault.stateFolder()
        do {
            try JSONText.encoder(.pretty).encode(Stored(date: day.iso, offered: offered))
                .write(to: URL(fileURLWithPath: vault.url(relativePath)), options: .atomic)
        } catch {
            throw CarouselError.io("cannot write \(relativePath): \(error.localizedDescription)")
        }
    }
}
