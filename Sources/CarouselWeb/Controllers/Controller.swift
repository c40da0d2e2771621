import CarouselCore
import Foundation
import Hummingbird

/// What every controller shares: the store to read from and the token its forms carry.
struct Shared: Sendable {
    let store: VaultStore
    let access: Access

    /// Renders a page from the current state (cached per version), or says what is wrong with the vault.
    func page(_ request: Request, title: String, current: String,
              _ content: @escaping (VaultStore.State) throws -> [HTML]) -> Response {
        do {
            let key = request.uri.path + "?" + (request.uri.query ?? "")
            let html = try store.page(key) { state in
                Pages.page(title: title, current: current, token: access.token, version: state.version, try content(state))
            }
            return Pages.respond(html)
        } catch {
            return Pages.respond(Pages.page(title: "Problem", current: current, token: access.token, version: 0, [
                H.el("h1", [:], "Something is wrong"),
                H.el("pre", ["class": "error"], Shared.describe(error)),
            ]), status: .internalServerError)
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
