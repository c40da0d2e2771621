import Hummingbird

/// `/changes`: the vault's version, for pages to poll with `If-None-Match`. It goes up when a file
/// changes on disk (an editor, `git pull`, another terminal) or a page makes a change.
struct ChangesController {
    let shared: Shared

    func addRoutes(to router: Router<WebContext>) {
        router.get("/changes") { request, _ in
            let version: Int
            do {
                version = try shared.store.version()
            } catch {
                return Response(status: .serviceUnavailable, headers: [.contentType: "text/plain; charset=utf-8"],
                                body: .init(byteBuffer: ByteBuffer(string: Shared.describe(error))))
            }
            let etag = "\"v\(version)\""
            if request.headers[.ifNoneMatch] == etag {
                return Response(status: .notModified, headers: [.eTag: etag, .cacheControl: "no-cache"])
            }
            return Response(status: .ok, headers: [.contentType: "application/json", .eTag: etag, .cacheControl: "no-cache"],
                            body: .init(byteBuffer: ByteBuffer(string: "{\"version\":\(version)}")))
        }
    }
}

/// `/assets/…`: the page's one stylesheet and one script, compiled into the binary.
struct AssetsController {
    func addRoutes(to router: Router<WebContext>) {
        router.get("/assets/app.css") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "no-cache"],
                     body: .init(byteBuffer: ByteBuffer(string: Assets.css)))
        }
        router.get("/assets/icon.svg") { _, _ in
            Response(status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "max-age=86400"],
                     body: .init(byteBuffer: ByteBuffer(string: Assets.icon)))
        }
        router.get("/manifest.webmanifest") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/manifest+json", .cacheControl: "no-cache"],
                     body: .init(byteBuffer: ByteBuffer(string: Assets.manifest)))
        }
        // At the root, so it may look after every page.
        router.get("/sw.js") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
                     body: .init(byteBuffer: ByteBuffer(string: Assets.worker)))
        }
        router.get("/offline") { _, _ in
            Pages.refusal(.ok, "The server is not answering, and this page was not kept on this device. Start `carousel serve` "
                + "again (or reach the network it is on), then try again. Nothing is changed or queued while offline.",
                heading: "Offline")
        }
        router.get("/assets/app.js") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
                     body: .init(byteBuffer: ByteBuffer(string: Assets.js)))
        }
    }
}
