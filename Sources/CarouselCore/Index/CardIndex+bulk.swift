import Foundation
import GRDB
import GRDBSQLite

/// Writing many rows at once: a cold index, or a refresh after many files changed.
extension CardIndex {
    /// Files per batch: parsed together on every core while the batch before is written.
    static let batchSize = 1024

    /// Reads, parses and writes `files` with one reused statement, inside the caller's
    /// transaction. Above 64 files they are parsed on every core in batches, and each batch's
    /// bound values are ready before the writer takes them, so parsing and SQLite overlap.
    static func store(_ files: [(path: String, stamp: FileStamp)], vault: Vault, db: Database,
                      progress: Progress?) throws {
        let insert = try RowWriter(db: db)
        guard files.count > 64 else {
            let reader = CardReader(vault: vault)
            for file in files { try insert.write(reader.row(path: file.path, stamp: file.stamp).databaseValues) }
            return
        }
        let batches = (files.count + batchSize - 1) / batchSize
        let workers = ProcessInfo.processInfo.activeProcessorCount
        // One reader per worker: a batch's worker w starts only after the batch before is parsed.
        let readers = (0..<workers).map { _ in CardReader(vault: vault) }
        func start(_ b: Int) -> ArgumentBatch {
            let range = b * batchSize ..< min(files.count, (b + 1) * batchSize)
            let batch = ArgumentBatch(count: range.count)
            batch.group.enter()
            DispatchQueue.global().async {
                DispatchQueue.concurrentPerform(iterations: min(workers, range.count)) { w in
                    let reader = readers[w]
                    var i = w
                    while i < range.count {
                        let file = files[range.lowerBound + i]
                        batch.set(i, reader.row(path: file.path, stamp: file.stamp).databaseValues)
                        i += workers
                    }
                }
                batch.group.leave()
            }
            return batch
        }
        var current = start(0)
        var written = 0
        for b in 0..<batches {
            current.group.wait()
            let next = b + 1 < batches ? start(b + 1) : nil
            for values in current.values() { try insert.write(values) }
            written += current.count
            if files.count >= 2000 { progress?(written, files.count) }
            if let next { current = next }
        }
    }

    /// Runs `body` with the `cards` table's own indexes and triggers dropped and builds them
    /// again after it: one sort per index instead of one tree update per row and index, and one
    /// new stamp generation instead of one per row.
    static func withoutIndexes(_ db: Database, _ body: () throws -> Void) throws {
        let schema = try Row.fetchAll(db, sql: """
            SELECT name, sql, type FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name = 'cards' AND sql IS NOT NULL
            """).map { (name: $0[0] as String, sql: $0[1] as String, type: $0[2] as String) }
        for item in schema { try db.execute(sql: "DROP \(item.type == "trigger" ? "TRIGGER" : "INDEX") \"\(item.name)\"") }
        try body()
        // SQLite's sorter may use a second thread for each index's sort, on the other core.
        try db.execute(sql: "PRAGMA threads = 2")
        for item in schema { try db.execute(sql: item.sql) }
        try db.execute(sql: "UPDATE stamp_generation SET n = random()")
    }
}

/// The prepared `upsert`, bound and stepped through SQLite's C API: each row's values are
/// ready-made `DatabaseValue`s from the parser threads, so the writing thread only copies them
/// into SQLite. (`Statement.execute(arguments:)` would convert every value again.) Inside the
/// caller's transaction, like every other write of the index.
private struct RowWriter {
    let db: Database
    let statement: Statement
    let parameters: Int

    init(db: Database) throws {
        self.db = db
        statement = try db.makeStatement(sql: CardRow.upsert)
        parameters = Int(sqlite3_bind_parameter_count(statement.sqliteStatement))
    }

    func write(_ values: [DatabaseValue]) throws {
        guard values.count == parameters else {
            throw DatabaseError(resultCode: .SQLITE_RANGE, message: "\(values.count) values for \(parameters) columns", sql: CardRow.upsert)
        }
        let s = statement.sqliteStatement
        var code = sqlite3_reset(s)
        for (i, value) in values.enumerated() where code == SQLITE_OK {
            code = value.bind(to: s, at: CInt(i + 1))
        }
        if code == SQLITE_OK { code = sqlite3_step(s) }
        guard code == SQLITE_DONE else {
            let message = db.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: CardRow.upsert)
        }
    }
}

/// One batch's bound values, each slot written by exactly one parser thread.
private final class ArgumentBatch: @unchecked Sendable {
    let group = DispatchGroup()
    let count: Int
    private let storage: UnsafeMutableBufferPointer<[DatabaseValue]?>

    init(count: Int) {
        self.count = count
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    func set(_ i: Int, _ value: [DatabaseValue]) { storage[i] = value }
    func values() -> [[DatabaseValue]] { storage.compactMap { $0 } }
}
