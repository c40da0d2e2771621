import AsyncHTTPClient
import CarouselCore
import Foundation
import NIOCore
import NIOHTTP1

/// One CalDAV account's HTTP: Basic authentication on every request, a time limit on each
/// (connect, then the whole answer), a size limit on each answer, and a count of the requests
/// made (shown by `sync --json`, so "nothing new is one request" can be checked).
final class DAVClient: @unchecked Sendable {
    struct Response {
        var status: Int
        var headers: HTTPHeaders
        var body: String
    }

    struct Limits {
        /// Seconds for one request from connecting to its last byte.
        var seconds: Int64 = 30
        /// Largest answer read, in bytes.
        var bytes = 32 << 20
        /// Most items read from one collection in one sync.
        var items = 20_000

        /// `CAROUSEL_CALDAV_TIMEOUT` (seconds), `CAROUSEL_CALDAV_MAX_BYTES`, `CAROUSEL_CALDAV_MAX_ITEMS`.
        init(environment: [String: String]) {
            if let s = environment["CAROUSEL_CALDAV_TIMEOUT"].flatMap(Int64.init), s > 0 { seconds = s }
            if let b = environment["CAROUSEL_CALDAV_MAX_BYTES"].flatMap(Int.init), b > 0 { bytes = b }
            if let n = environment["CAROUSEL_CALDAV_MAX_ITEMS"].flatMap(Int.init), n > 0 { items = n }
        }
    }

    let user: String
    let password: String
    let limits: Limits
    private let httpClient: HTTPClient
    private(set) var requests = 0

    init(user: String, password: String, limits: Limits) {
        self.user = user
        self.password = password
        self.limits = limits
        var config = HTTPClient.Configuration()
        config.timeout = .init(connect: .seconds(min(limits.seconds, 10)), read: .seconds(limits.seconds))
        config.redirectConfiguration = .follow(max: 5, allowCycles: false)
        httpClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: config)
    }

    func close() async { try? await httpClient.shutdown() }

    /// Sends one request and reads the whole answer; a wrong password, a TLS problem, a refused
    /// connection and a server that stops answering each throw a sentence that says which.
    func send(_ method: String, _ url: String, headers: [(String, String)] = [], body: String? = nil) async throws(CarouselError) -> Response {
        requests += 1
        var request = HTTPClientRequest(url: url)
        request.method = .RAW(value: method)
        let token = Data("\(user):\(password)".utf8).base64EncodedString()
        request.headers.add(name: "Authorization", value: "Basic \(token)")
        request.headers.add(name: "User-Agent", value: "Carousel")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            request.headers.add(name: "Content-Type", value: method == "PUT" ? "text/calendar; charset=utf-8" : "application/xml; charset=utf-8")
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response: HTTPClientResponse
        var buffer: ByteBuffer
        do {
            response = try await httpClient.execute(request, timeout: .seconds(limits.seconds))
            buffer = try await response.body.collect(upTo: limits.bytes)
        } catch {
            throw Self.describe(error, method: method, url: url, limits: limits)
        }
        let text = buffer.readString(length: buffer.readableBytes) ?? ""
        let status = Int(response.status.code)
        if status == 401 {
            throw .io("the server refused \(user)'s password (401 at \(url)); check the password and run again — nothing was changed")
        }
        return Response(status: status, headers: response.headers, body: text)
    }

    static func describe(_ error: any Error, method: String, url: String, limits: Limits) -> CarouselError {
        let text = String(describing: error)
        let lower = text.lowercased()
        if lower.contains("timeout") || lower.contains("deadline") {
            return .io("the CalDAV server at \(url) did not answer within \(limits.seconds) s (\(method)); nothing was changed — try again later")
        }
        if lower.contains("ssl") || lower.contains("tls") || lower.contains("certificate") || lower.contains("handshake") {
            return .io("the secure connection to \(url) failed (\(text)); check the address and the server's certificate — nothing was changed")
        }
        if lower.contains("bodylengthmismatch") || lower.contains("toomany") || lower.contains("toolarge") || lower.contains("upto") {
            return .io("the answer from \(url) is larger than \(limits.bytes / (1 << 20)) MB; nothing was changed")
        }
        if lower.contains("refused") || lower.contains("connect") {
            return .io("cannot reach the CalDAV server at \(url) (\(text)); nothing was changed")
        }
        return .io("the request to \(url) failed (\(method): \(text)); nothing was changed")
    }
}
