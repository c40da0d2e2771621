import Foundation
import GRDB

/// What the index keeps of Watchman (`watch: watchman`): the clock its rows are exact at, for
/// which folder, and how the last refresh found its changes. Written by the refresh in the same
/// transaction as the rows; dropped with them when the index is rebuilt.
struct WatchState: Codable, Equatable {
    /// The vault's real path when the clock was taken: a vault moved elsewhere has other files.
    var root: String
    /// Watchman's clock taken before the refresh's stat pass (or its query); nil when Watchman
    /// did not answer (the next refresh takes a new one).
    var clock: String?
    /// The warning Watchman gave with that clock: a recrawl changes it.
    var warning: String?
    /// The socket that answered.
    var socket: String?
    /// Where Watchman watches the vault (`watch-project`'s answer). The next refresh queries
    /// there at once, and asks `watch-project` again only when that query is refused.
    var watched: Watchman.Watched?
    /// The entries of `cards/` that are not cards (`CardIndex.cardOthers`) at the clock.
    var others: [String] = []
    /// Whether the cards include links (then every refresh walks; see `CardScan.metLink`).
    var links = false
    /// Whether the last refresh took its changes from Watchman (else it stat'ed every file), and
    /// why not.
    var usedWatchman = false
    var reason: String?
}

extension CardIndex {
    static let createWatchTable = """
        CREATE TABLE IF NOT EXISTS watch_state (one INTEGER PRIMARY KEY CHECK (one = 1), state TEXT NOT NULL)
        """

    static func watchState(_ db: Database) throws -> WatchState? {
        guard let text = try String.fetchOne(db, sql: "SELECT state FROM watch_state WHERE one = 1") else { return nil }
        return try? JSONDecoder().decode(WatchState.self, from: Data(text.utf8))
    }

    static func saveWatchState(_ db: Database, _ state: WatchState?) throws {
        try db.execute(sql: "DELETE FROM watch_state")
        guard let state, let text = JSONText.string(state, .compact) else { return }
        try db.execute(sql: "INSERT INTO watch_state (one, state) VALUES (1, ?)", arguments: [text])
    }

    /// The state the last refresh left (for `watch status`); nil without one.
    public func watchReport() -> (usedWatchman: Bool, reason: String?, clock: String?)? {
        guard !inMemory, let state = try? db.read({ try CardIndex.watchState($0) }) else { return nil }
        return (state.usedWatchman, state.reason, state.clock)
    }

    /// Forgets the clock (`watch off`).
    public func forgetWatch() {
        guard !inMemory else { return }
        try? db.write { try CardIndex.saveWatchState($0, nil) }
    }
}
