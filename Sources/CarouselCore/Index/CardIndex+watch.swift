import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// With `watch: watchman`, a refresh asks Watchman which names under `cards/` changed since the
/// clock kept with the rows (`WatchState`) and stats only those; every other file keeps the
/// stamp its row has. Whenever Watchman cannot vouch for that (not running, restarted, a recrawl,
/// no clock for this folder, links among the cards, a folder added or removed), the refresh
/// stats every file as it does without Watchman, and keeps a new clock taken before it.
final class WatchSession {
    let environment: [String: String]
    /// The state this refresh leaves, filled in as it goes (`CardIndex.saveWatch`).
    var next: WatchState?
    /// The state the refresh found: when the next is the same, nothing is written.
    var previous: WatchState?

    init(environment: [String: String]) {
        self.environment = environment
    }
}

extension CardIndex {
    /// What a refresh asks Watchman of each changed name.
    static let watchedFields = ["name", "exists", "new", "type"]

    /// The card files Watchman names as changed since the kept clock, each with its stamp now,
    /// or nil when the stat pass must run. Nothing else of the vault is read: a refresh where
    /// nothing changed reads no listing and no stamp (`syncWatched`).
    func watchedChanges(_ db: Database) throws -> WatchedChanges.Named? {
        guard let session = watching else { return nil }
        let root = FileSystem.realPath(vault.root) ?? vault.root
        let state = rebuilt ? nil : try CardIndex.watchState(db)
        session.previous = state
        var next = WatchState(root: root, clock: nil, warning: nil, socket: nil, reason: "Watchman is not running")
        defer { session.next = next }
        guard let (connection, socket) = Watchman.connect(environment: session.environment, remembered: state?.socket) else { return nil }
        next.socket = socket
        // The watch the last refresh used is queried at once; `watch-project` is asked only
        // when there is none, or Watchman refuses it (it no longer watches the vault).
        let kept = state?.root == root ? state?.watched : nil
        var asked: Result<WatchmanAnswer, Watchman.WatchProblem>?
        if let kept, let state, let clock = state.clock, !state.links {
            asked = Watchman.query(connection, kept, dir: Vault.cardsDir, since: clock, fields: CardIndex.watchedFields)
            if case .success = asked { next.watched = kept }
        }
        if next.watched == nil {
            switch Watchman.watchProject(connection, root: root) {
            case .failure(let problem):
                next.reason = problem.sentence
                return nil
            case .success(let w): next.watched = w
            }
        }
        guard let watched = next.watched, let state, let clock = state.clock, state.root == root, !state.links else {
            next.reason = state?.clock == nil ? "no Watchman clock was kept yet"
                : state?.root != root ? "the vault moved since the last clock" : "the cards include links"
            if let watched = next.watched, case .success(let now) = Watchman.clock(connection, watched) { next.clock = now }
            return nil
        }
        if case .failure = asked {
            // The kept watch was refused and the vault is watched anew: its clock cannot vouch.
            next.reason = "Watchman no longer watched the vault"
            if case .success(let now) = Watchman.clock(connection, watched) { next.clock = now }
            return nil
        }
        let answer: WatchmanAnswer
        switch asked ?? Watchman.query(connection, watched, dir: Vault.cardsDir, since: clock, fields: CardIndex.watchedFields) {
        case .failure(let problem):
            next.reason = problem.sentence
            return nil
        case .success(let a): answer = a
        }
        next.clock = answer.clock
        next.warning = answer.warning
        if answer.isFreshInstance == true {
            next.reason = "Watchman started again since the last clock"
            return nil
        }
        if let warning = answer.warning, warning != state.warning {
            next.reason = "Watchman recrawled the vault"
            return nil
        }
        switch WatchedChanges.named(answer.files ?? [], root: vault.root, others: state.others) {
        case .failure(let why):
            next.reason = why.sentence
            return nil
        case .success(let named):
            next.usedWatchman = true
            next.reason = nil
            // Nothing changed since the kept clock: it still holds, and nothing is written.
            if (answer.files ?? []).isEmpty { next.clock = clock }
            return named
        }
    }

    /// Keeps the state this refresh leaves: the entries of `cards/` besides the cards, and whether
    /// a link was met.
    func saveWatch(_ db: Database, links: Bool) throws {
        guard let session = watching, var next = session.next else { return }
        next.others = cardOthers
        next.links = links
        session.next = nil
        if next != session.previous { try CardIndex.saveWatchState(db, next) }
    }
}
