import CarouselCore
import Foundation
import Hummingbird

/// What every controller shares: the store to read from and the token its forms carry.
struct Shared: Sendable {
    let store: VaultStore
    let access: Access
    /// The actions made lately, so one sent twice makes one change.
    let recent = RecentActions()

    /// Renders a page from the current state (cached per version), or says what is wrong with the vault.
    /// `varies` is added to the cache's key: a page that shows the time passes the minute.
    func page(_ request: Request, title: String, current: String, varies: String = "",
              _ content: @escaping (VaultStore.State) throws -> [HTML]) -> Response {
        do {
            let key = request.uri.path + "?" + (request.uri.query ?? "") + (varies.isEmpty ? "" : "@" + varies)
            let html = try store.page(key) { state in
                Pages.page(title: title, current: current, token: access.formToken, version: state.version, try content(state))
            }
            return Pages.respond(html)
        } catch {
            // A card that is not there is a missing page (404), not a broken server.
            if Shared.isMissing(error) {
                return Pages.respond(Pages.page(title: "Not found", current: current, token: access.formToken, version: 0, [
                    H.el("h1", [:], "Not found"),
                    H.el("p", ["class": "error-text"], Shared.describe(error).capitalizedFirst),
                    H.el("p", [:], [H.el("a", ["href": "/", "class": "button"], "← Back to Today")]),
                ]), status: .notFound)
            }
            return Pages.respond(Pages.page(title: "Problem", current: current, token: access.formToken, version: 0, [
                H.el("h1", [:], "Something is wrong"),
                H.el("pre", ["class": "error"], Shared.describe(error)),
                H.el("p", [:], "Fix what the message names (the file and line are in it), then reload this page."),
                H.el("p", [:], [H.el("a", ["href": "/", "class": "button"], "← Back to Today")]),
            ]), status: .internalServerError)
        }
    }

    static func isMissing(_ error: any Error) -> Bool {
        switch error as? CarouselError {
        case .unknownCard?, .unknownNumber?: return true
        default: return false
        }
    }

    static func describe(_ error: any Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? String(describing: error)
    }
}

extension Request {
    /// A query parameter as a String.
    func query(_ name: String) -> String? { uri.queryParameters[Substring(name)].map(String.init) }
}
