import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Refuses, in order: a Host that does not name this server (DNS rebinding), with `--lan` a
/// client outside the local network, an address that has sent too many wrong tokens or codes
/// (429), a wrong pairing code or first visit `?token=`, any request without the token cookie or
/// a paired device's cookie, and a change that is not a same-origin POST carrying the form token (CSRF).
struct GuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let access: Access
    static var formLimit: Int { 1 << 20 }

    func handle(_ input: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = input
        let hostField = HTTPField.Name("Host")!
        let hostValues = [request.head.authority].compactMap { $0 } + request.headers[values: hostField]
        guard !hostValues.isEmpty, hostValues.allSatisfy(access.allows(host:)) else {
            return Pages.refusal(.misdirectedRequest, "This server answers only to its own address (the Host header names another).")
        }
        let peer = (context as? any RemoteAddressRequestContext)?.remoteAddress?.ipAddress
        if access.pairing != nil, let peer, !LocalNetwork.contains(peer) {
            return Pages.refusal(.forbidden, "This server answers only to the local network.")
        }
        let client = peer ?? Backoff.local
        if let pairing = access.pairing, request.uri.path == "/pair" {
            return await pair(request, pairing, client)
        }
        if let given = request.uri.queryParameters["token"] {
            // With `--lan` another device gets in by pairing only, so `--revoke` can end its session.
            if access.pairing != nil, let peer, !Self.loopback(peer), !access.ownAddresses.contains(peer) {
                return Pages.refusal(.forbidden, "The address with ?token= works on this computer only. "
                    + "Another device gets in by scanning the pairing code `carousel serve --lan` prints.")
            }
            if access.backoff.refuses(client) { return Self.tooMany }
            guard access.matches(given) else { return await wrong(client) }
            // Swap the token in the address for the cookie, so it leaves the address bar and history.
            return Response(status: .seeOther, headers: [.location: request.uri.path, .setCookie: access.cookie,
                                                         .cacheControl: "no-store"])
        }
        guard admitted(request) else {
            // No cookie at all is a browser that has not been let in yet; a wrong one is a guess.
            let device = request.cookies[Pairing.cookieName] != nil
            guard device || request.cookies[Access.cookieName] != nil else { return Pages.refusal(.unauthorized, noToken) }
            var refusal = await wrong(client, guess: false)
            // A revoked phone stops sending the cookie that no longer lets it in.
            if device { refusal.headers.append(HTTPField(name: .setCookie, value: Pairing.forget)) }
            return refusal
        }
        switch request.method {
        case .get, .head:
            return try await next(request, context)
        case .post:
            let origin = request.headers[.origin]
            let scheme = access.secure ? "https://" : "http://"
            // The page sends `Referrer-Policy: same-origin`, so a browser posting one of its forms,
            // with or without the script, names this server here; `null` and other sites are refused.
            guard let origin, hostValues.allSatisfy({ origin.lowercased() == scheme + $0.lowercased() }) else {
                return Pages.refusal(.forbidden, "A change must come from this server's own page (the Origin header is missing or foreign). Nothing changed.")
            }
            let body = try await request.collectBody(upTo: Self.formLimit)
            let form = Form(String(buffer: body))
            let csrf = form["csrf"] ?? request.headers[HTTPField.Name("X-Carousel-Token")!]
            guard let csrf, access.matchesForm(csrf) else {
                return Pages.refusal(.forbidden, "A change must carry the page's token. Nothing changed.")
            }
            return try await next(request, context)
        default:
            return Pages.refusal(.methodNotAllowed, "Only GET to read and POST to change.")
        }
    }

    /// The token's cookie, or a paired device's that is not revoked.
    func admitted(_ request: Request) -> Bool {
        if let cookie = request.cookies[Access.cookieName], access.matches(cookie.value) { return true }
        guard let pairing = access.pairing, let cookie = request.cookies[Pairing.cookieName] else { return false }
        return pairing.device(token: cookie.value) != nil
    }

    /// `/pair?code=…`: the right code, once, gives this browser its own session.
    func pair(_ request: Request, _ pairing: Pairing, _ client: String) async -> Response {
        if access.backoff.refuses(client) { return Self.tooMany }
        let code = request.uri.queryParameters["code"].map(String.init) ?? ""
        let redeemed: String?
        do {
            redeemed = try pairing.redeem(code, userAgent: request.headers[.userAgent] ?? "")
        } catch {
            return Pages.refusal(.internalServerError, "This device could not be paired: \(Shared.describe(error)). The code still works once that is fixed.")
        }
        guard let token = redeemed else {
            guard await access.backoff.pause(client) else { return Self.tooMany }
            let why = pairing.expired ? "is more than ten minutes old" : "is wrong or was used already"
            return Pages.refusal(.unauthorized, "This pairing code \(why). Each code pairs one device, once, within ten minutes; "
                + "start `carousel serve --lan` again for a new one.")
        }
        return Response(status: .seeOther, headers: [.location: "/", .setCookie: pairing.cookie(token), .cacheControl: "no-store"])
    }

    /// A wrong token (a guess) or cookie (not one): counted, waited for, then 401 (or 429 once too many guesses).
    func wrong(_ client: String, guess: Bool = true) async -> Response {
        guard await access.backoff.pause(client, guess: guess) else { return Self.tooMany }
        return Pages.refusal(.unauthorized, noToken)
    }

    /// What a browser that is not let in is told; with `--lan`, how a phone gets in.
    var noToken: String {
        access.pairing == nil ? Pages.noToken : Pages.noToken
            + " A phone gets in by scanning the pairing code `carousel serve --lan` prints; a revoked one needs a new code."
    }

    /// This computer: 127.0.0.0/8 and ::1, as IPv4 or mapped into IPv6.
    static func loopback(_ address: String) -> Bool {
        let text = address.lowercased()
        return text == "::1" || text.hasPrefix("127.") || text.hasPrefix("::ffff:127.")
    }

    static var tooMany: Response {
        var response = Pages.refusal(.tooManyRequests, "Too many wrong tokens or pairing codes came from this address. "
            + "Wait ten minutes, then open the address `carousel serve` printed.")
        response.headers[.retryAfter] = "600"
        return response
    }
}
