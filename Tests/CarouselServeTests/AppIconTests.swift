import CarouselCore
@testable import CarouselWeb
import Foundation
import HTTPTypes
import Hummingbird
import XCTest

/// The home-screen icons: real PNGs of the sizes the manifest and the page name, opaque, with the
/// three circles in the middle and the page's background at the corners.
final class AppIconTests: XCTestCase {
    func testTheIconsArePNGsOfTheirSizesNamedByTheManifestAndThePage() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let access = Access(hosts: ["localhost"])
        let cookie: HTTPFields = [.cookie: "\(Access.cookieName)=\(access.token)"]
        let store = VaultStore(vault: try Vault(at: box.vault.path), pinnedDay: Day(iso: box.today), environment: box.environment)
        var files: [String: Data] = [:]
        try await Application(router: buildRouter(store: store, access: access)).test(.router) { client in
            for (name, size) in [("apple-touch-icon", 180), ("icon-192", 192), ("icon-512", 512)] {
                try await client.execute(uri: "/assets/\(name).png", method: .get, headers: cookie) { r in
                    XCTAssertEqual(r.status, .ok, name)
                    XCTAssertEqual(r.headers[.contentType], "image/png")
                    let data = Data(r.body.readableBytesView)
                    XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], name)
                    func word(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
                    XCTAssertEqual(String(decoding: data[12..<16], as: UTF8.self), "IHDR")
                    XCTAssertEqual([word(16), word(20)], [size, size], name)
                    files[name] = data
                }
            }
            try await client.execute(uri: "/manifest.webmanifest", method: .get, headers: cookie) { r in
                let manifest = try JSONSerialization.jsonObject(with: Data(r.body.readableBytesView)) as? [String: Any]
                let icons = manifest?["icons"] as? [[String: String]] ?? []
                XCTAssertTrue(icons.contains { $0["src"] == "/assets/icon-192.png" && $0["sizes"] == "192x192" && $0["type"] == "image/png" })
                XCTAssertTrue(icons.contains { $0["src"] == "/assets/icon-512.png" && $0["sizes"] == "512x512" && $0["type"] == "image/png" })
            }
            try await client.execute(uri: "/", method: .get, headers: cookie) { r in
                XCTAssertTrue(String(buffer: r.body).contains("<link rel=\"apple-touch-icon\" href=\"/assets/apple-touch-icon.png\">"))
            }
        }
        // Decoded by an independent reader: every chunk's CRC, the pixels, the corners and the middle.
        for (name, data) in files {
            let path = box.root.appendingPathComponent(name + ".png")
            try data.write(to: path)
            let script = """
                import struct, sys, zlib
                b = open(sys.argv[1], "rb").read(); i = 8; idat = b""
                while i < len(b):
                    n, kind = struct.unpack(">I4s", b[i:i + 8]); body = b[i + 8:i + 8 + n]
                    assert struct.unpack(">I", b[i + 8 + n:i + 12 + n])[0] == zlib.crc32(kind + body), kind
                    if kind == b"IHDR": w, h, depth, colour = struct.unpack(">IIBB", body[:10])
                    if kind == b"IDAT": idat += body
                    i += 12 + n
                raw = zlib.decompress(idat); stride = w * 3 + 1
                assert depth == 8 and colour == 2 and len(raw) == stride * h and all(raw[y * stride] == 0 for y in range(h))
                px = lambda x, y: tuple(raw[y * stride + 1 + 3 * x:y * stride + 4 + 3 * x])
                print(px(0, 0), px(w - 1, h - 1), px(w // 2, h // 2))
                """
            let r = try WebSandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, path.path], env: box.environment)
            XCTAssertEqual(r.status, 0, name + ": " + r.err)
            let parts = r.out.trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertTrue(parts.hasPrefix("(251, 250, 247) (251, 250, 247) ("), name + ": " + parts)
            XCTAssertFalse(parts.hasSuffix("(251, 250, 247)"), name + ": the middle is a circle, not the background: " + parts)
        }
    }
}
