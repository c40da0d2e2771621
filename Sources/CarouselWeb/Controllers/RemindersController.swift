import CarouselCore
import Foundation
import Hummingbird

/// `POST /reminders`: the reminders due now that nothing on this device has shown yet, for a page
/// whose "Remind me here" is on. A POST, not a GET, because it writes the device's record (each
/// reminder is returned once); so like every change it needs the cookie, this server's Origin and
/// the page's token. The same code and record as `carousel remind`.
struct RemindersController {
    let shared: Shared

    struct Output: Encodable {
        struct Item: Encodable {
            let kind: String, slug: String, title: String, at: String, late: Bool, key: String
            let notice: Notice
        }
        struct Notice: Encodable { let title: String, body: String }
        let reminders: [Item]
        let summarised: Int
    }

    func addRoutes(to router: Router<WebContext>) {
        router.post("/reminders") { _, _ in
            let run: Reminders.Run
            do {
                run = try shared.store.dueReminders()
            } catch {
                return Response(status: .serviceUnavailable, headers: [.contentType: "text/plain; charset=utf-8"],
                                body: .init(byteBuffer: ByteBuffer(string: Shared.describe(error))))
            }
            let items = run.reminders.map { r in
                Output.Item(kind: r.kind.rawValue, slug: r.slug, title: r.title, at: r.at.description, late: r.late, key: r.key,
                            notice: Output.Notice(title: r.notice.title, body: r.notice.body))
            }
            let data = (try? JSONText.encoder(.compact).encode(Output(reminders: items, summarised: run.summarised))) ?? Data("{\"reminders\":[]}".utf8)
            return Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
    }
}
