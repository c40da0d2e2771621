import CarouselWeb
import HTTPTypes
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded

/// Requests sent straight to the router, without sockets: `app.test(.router) { client in … }`.
/// The same shape as Hummingbird's own test client, kept here so the suite does not build an
/// HTTP client and TLS stack it never uses (the live tests drive the real binary instead).
enum RouterTestSetup { case router }

struct RouterTestResponse {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: ByteBuffer
}

struct RouterTestClient<Responder: HTTPResponder> where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
    let responder: Responder

    @discardableResult
    func execute<Value>(uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil,
                        peer: String? = nil, testCallback: (RouterTestResponse) async throws -> Value) async throws -> Value {
        var headers = headers
        if let body { headers[.contentLength] = String(body.readableBytes) }
        let request = Request(head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: uri, headerFields: headers),
                              body: RequestBody(buffer: body ?? ByteBuffer()))
        let source = ApplicationRequestContextSource(channel: NIOAsyncTestingChannel(), logger: Logger(label: "carousel-web-test"))
        var context = Responder.Context(source: source)
        // The client's address, as a socket would give it (the router tests have none otherwise).
        if let peer, var web = context as? WebContext {
            web.remoteAddress = try SocketAddress(ipAddress: peer, port: 50_000)
            context = web as! Responder.Context
        }
        let response: Response
        do {
            response = try await responder.respond(to: request, context: context)
        } catch {
            response = Response(status: .internalServerError)
        }
        let collected = Collected()
        try await response.body.write(CollectingWriter(collected: collected))
        return try await testCallback(RouterTestResponse(status: response.status, headers: response.headers, body: collected.buffer))
    }
}

private final class Collected: Sendable {
    private let box = NIOLockedValueBox(ByteBuffer())
    var buffer: ByteBuffer { box.withLockedValue { $0 } }
    func append(_ buffer: ByteBuffer) { box.withLockedValue { _ = $0.writeImmutableBuffer(buffer) } }
}

private struct CollectingWriter: ResponseBodyWriter {
    let collected: Collected
    func write(_ buffer: ByteBuffer) async throws { collected.append(buffer) }
    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

extension ApplicationProtocol where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
    func test<Value>(_ setup: RouterTestSetup, _ test: (RouterTestClient<Responder>) async throws -> Value) async throws -> Value {
        try await test(RouterTestClient(responder: try await responder))
    }
}
