import ArgumentParser
import CarouselCore
import Foundation

struct Attach: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attach",
        abstract: "Keep files with a card: copied into attachments/<card id>/ and linked from its notes, in one commit.",
        discussion: "Up to 50 MB a file and 200 MB a card; a file over the limit is refused and nothing is written. A name already taken gets -2, -3, …; nothing is ever overwritten.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The card: its number, slug, id, or the start of either.", completion: .custom(completeRefs))
    var ref: String

    @Argument(help: "The files to attach.", completion: .file())
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("say which files to attach: carousel attach REF FILE…") }
    }

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let absolute = files.map(Vault.absolute)
            let (card, added, already) = try ws.attach(ref, files: absolute)
            if options.json {
                return Output(card: card.slug, attached: added.map(AttachmentJSON.init), alreadyAttached: already.map(AttachmentJSON.init),
                              attachments: ws.attachments(of: card).map(AttachmentJSON.init)).printJSON()
            }
            let t = Terminal.current
            for a in already {
                print(t.bold(card.title) + " already has that file, as " + t.bold(a.name) + "; nothing was copied.")
            }
            for a in added {
                print("Attached " + t.bold(a.name) + " (\(Attachments.size(a.size))) to " + t.bold(card.title) + ".")
            }
            guard !added.isEmpty else { return }
            print(t.dim("  \(added.count == 1 ? added[0].path : VaultPath.folder(of: added[0].path) + "/")   ·   carousel detach \(card.slug) NAME"))
        }
    }
}

extension Attach {
    struct Output: Encodable {
        let card: String
        let attached: [AttachmentJSON]
        /// Files the card already held (by their bytes), so not copied again.
        let alreadyAttached: [AttachmentJSON]
        let attachments: [AttachmentJSON]

        enum CodingKeys: String, CodingKey {
            case card, attached, attachments
            case alreadyAttached = "already_attached"
        }
    }
}

/// One attachment in JSON: `{"name": "photo.png", "path": "attachments/<id>/photo.png", "size": 2097152}`.
struct AttachmentJSON: Encodable {
    let name, path: String
    let size: Int64

    init(_ a: Attachment) {
        name = a.name
        path = a.path
        size = a.size
    }
}
