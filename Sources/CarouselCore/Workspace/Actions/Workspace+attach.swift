import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension Workspace {
    /// The files kept with a card (none for a card without an id: it has never been attached to).
    public func attachments(of card: Card) -> [Attachment] {
        Attachments.list(vault: vault, cardID: card.id)
    }

    /// Copies files into `attachments/<card id>/` and links each from the card's body, all in
    /// one commit ("attach: photo.png to Call Mum"). `files` are absolute paths. Every file is
    /// checked before anything is written: a file over 50 MB, or a card that would hold more
    /// than 200 MB, is refused with its size and nothing changes. A file whose bytes the card
    /// already holds is not copied again: it comes back in `already` (the attachment it matches),
    /// and when every file is already there nothing is written or committed.
    public func attach(_ ref: String, files: [String]) throws(CarouselError) -> (card: Card, added: [Attachment], already: [Attachment]) {
        let card = try resolve(ref)
        var file = try open(card)
        file.ensureID(moment.makeID)
        guard let id = file.card.id, let folder = Attachments.folder(forID: id) else {
            throw .usage("\(card.path): its id cannot name a folder, so it cannot hold attachments")
        }
        let existing = Attachments.list(vault: vault, cardID: id)
        var total = existing.reduce(Int64(0)) { $0 + $1.size }
        var sources: [(path: String, size: Int64)] = []
        for path in files {
            var st = stat()
            guard stat(path, &st) == 0 else { throw .usage("cannot attach \(path): \(String(cString: strerror(errno))); nothing was attached") }
            guard (st.st_mode & S_IFMT) == S_IFREG else { throw .usage("cannot attach \(path): it is not a regular file; nothing was attached") }
            let size = Int64(st.st_size)
            if size > Attachments.maxFileBytes {
                throw .usage("\(path) is \(Attachments.size(size)); an attachment may be at most 50 MB, so nothing was attached. Keep large files outside the vault and link to them (see the vault format's section on large vaults)")
            }
            total += size
            sources.append((path, size))
        }
        if total > Attachments.maxCardBytes {
            throw .usage("\(card.title) would hold \(Attachments.size(total)) of attachments; a card may hold at most 200 MB, so nothing was attached")
        }
        var taken = Set((try? FileManager.default.contentsOfDirectory(atPath: vault.url(folder))) ?? [])
        var writes: [FileWrite] = []
        var added: [Attachment] = []
        var already: [Attachment] = []
        // What the card holds, to know a file attached before (or twice in one command).
        var held: [(attachment: Attachment, bytes: () -> Data?)] = existing.map { a in (a, { try? Data(contentsOf: URL(fileURLWithPath: self.vault.url(a.path))) }) }
        var body = file.document.body
        if !body.isEmpty, !body.hasSuffix("\n") { body += "\n" }
        for source in sources {
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: source.path)) } catch {
                throw .io("cannot read \(source.path): \(error.localizedDescription); nothing was attached")
            }
            guard Int64(data.count) <= Attachments.maxFileBytes else {
                throw .usage("\(source.path) grew to \(Attachments.size(Int64(data.count))) while being read; nothing was attached")
            }
            if let same = held.first(where: { $0.attachment.size == Int64(data.count) && $0.bytes() == data }) {
                already.append(same.attachment)
                continue
            }
            let name = Attachments.safeName(source.path, taken: taken)
            taken.insert(name)
            let path = folder + "/" + name
            writes.append(FileWrite(path: path, bytes: [UInt8](data)))
            let attachment = Attachment(name: name, path: path, size: Int64(data.count))
            added.append(attachment)
            held.append((attachment, { data }))
            body += Attachments.link(cardPath: card.path, attachment: path) + "\n"
        }
        if added.isEmpty { return (card, [], already) }
        file.setBody(body)
        writes.append(FileWrite(path: card.path, text: file.text))
        let what = added.count == 1 ? added[0].name : "\(added.count) files"
        try commit(writes, message: "attach: \(what) to \(card.title)")
        return (file.card, added, already)
    }

    /// Removes one attachment and its link lines from the card's body, in one commit. History keeps the file.
    public func detach(_ ref: String, name: String) throws(CarouselError) -> (card: Card, removed: Attachment) {
        let card = try resolve(ref)
        let all = attachments(of: card)
        guard let found = all.first(where: { $0.name == name }) ?? all.first(where: { $0.name.lowercased() == name.lowercased() }) else {
            if all.isEmpty { throw .usage("\(card.title) has no attachments") }
            throw .usage("\(card.title) has no attachment called \"\(name)\"; it has \(all.map(\.name).joined(separator: ", ")).")
        }
        var file = try open(card)
        let target = "](" + String(repeating: "../", count: card.path.split(separator: "/").count - 1) + found.path + ")"
        // Lines keep their own endings, so the rest of the body is untouched byte for byte.
        let lines = FrontMatterDocument.splitKeepingEndings(Substring(file.document.body))
        let kept = lines.filter { !$0.contains(target) }
        var writes = [FileWrite(path: found.path, text: nil)]
        if kept.count != lines.count {
            file.setBody(kept.joined())
            writes.append(FileWrite(path: card.path, text: file.text))
        }
        try commit(writes, message: "detach: \(found.name) from \(card.title)")
        return (card, found)
    }
}
