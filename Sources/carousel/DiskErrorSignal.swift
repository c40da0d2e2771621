import Foundation

/// SQLite reads the index through a memory map (`CardIndex.mapSize`), as git reads its index and
/// packs: when the disk cannot deliver a mapped page, the kernel sends SIGBUS instead of an error
/// code. The command then stops with a sentence that says what happened and what to do, and the
/// exit code of a vault error, instead of "Bus error". Only what is safe in a signal handler is
/// used: a constant text, `write` and `_exit`.
enum DiskErrorSignal {
    static func install() {
        signal(SIGBUS) { _ in
            let text: StaticString = """
                error: a file Carousel was reading could not be read from the disk (SIGBUS). If \
                it was the index, remove .carousel/index.sqlite: it only \
                caches cards/, and the next command builds it again.\n
                """
            text.withUTF8Buffer { _ = write(2, $0.baseAddress, $0.count) }
            _exit(3)
        }
    }
}
