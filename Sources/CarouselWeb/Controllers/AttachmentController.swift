import CarouselCore
import Foundation
import HTTPTypes
import Hummingbird

/// `/attachments/ID/NAME`: a card's attached file, so a card's page shows its images inline.
/// Only a file `carousel show` lists for the card with that id is served, read through the
/// vault's edge; images as images, everything else as a download.
struct AttachmentController {
    let shared: Shared

    /// Types shown inline. SVG is left out: it can carry script, so it is downloaded instead.
    static let inlineTypes = ["png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp"]

    func addRoutes(to router: Router<WebContext>) {
        router.get("/attachments/:id/:name") { _, context in
            let id = context.parameters.get("id") ?? "", name = context.parameters.get("name") ?? ""
            do {
                let bytes = try shared.store.read { ws throws -> [UInt8]? in
                    guard let card = ws.snapshot.cards.first(where: { $0.id == id }),
                          let found = ws.attachments(of: card).first(where: { $0.name == name }) else { return nil }
                    return try ws.vault.readBytes(found.path, limit: Attachments.maxFileBytes)
                }
                guard let bytes else { return Pages.refusal(.notFound, "no card has an attachment \(name)") }
                let type = Self.inlineTypes[(name as NSString).pathExtension.lowercased()]
                var headers: HTTPFields = [.contentType: type ?? "application/octet-stream", .cacheControl: "no-cache",
                                           HTTPField.Name("X-Content-Type-Options")!: "nosniff"]
                if type == nil { headers[.contentDisposition] = "attachment" }
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
            } catch {
                return Pages.refusal(.conflict, Shared.describe(error))
            }
        }
    }
}
