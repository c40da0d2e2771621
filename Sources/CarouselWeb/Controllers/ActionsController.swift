import CarouselCore
import Foundation
import HTTPTypes
import Hummingbird

/// `POST /actions/VERB`: every change the pages can make. Each goes through the same `Workspace`
/// call as the command of the same name, so it makes the same commit with the same message.
/// The guard in front has already checked the cookie, the Origin and the form's token.
struct ActionsController {
    let shared: Shared

    func addRoutes(to router: Router<WebContext>) {
        router.post("/actions/:verb") { request, context in
            var request = request
            let verb = context.parameters.get("verb") ?? ""
            let form = Form(String(buffer: try await request.collectBody(upTo: GuardMiddleware<WebContext>.formLimit)))
            let wantsJSON = request.headers[.accept]?.contains("application/json") ?? false
            let outcome = act(verb, form)
            let status = outcome.status, message = outcome.message
            if wantsJSON {
                let body = JSONText.string(outcome, .compact) ?? "{}"
                return Response(status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                                body: .init(byteBuffer: ByteBuffer(string: body)))
            }
            // Without the page's script a form posts here; send the person back where they were.
            // (`Referrer-Policy: same-origin` lets the browser say which page that was.)
            var back = "/"
            if let referer = request.headers[.referer], let url = URL(string: referer), url.path.hasPrefix("/"), !url.path.hasPrefix("//"), url.path != "/undo" {
                back = url.path + (url.query.map { "?" + $0 } ?? "")
            }
            if let given = form["back"], given.hasPrefix("/"), !given.hasPrefix("//"), !given.contains("\\"),
               given.unicodeScalars.allSatisfy({ (0x21...0x7e).contains($0.value) }) { back = given }
            if status != .ok { return Pages.refusal(status, message, back: back) }
            return Response(status: .seeOther, headers: [.location: back])
        }
    }

    /// Runs one action once per `nonce`: a second with the same one gets the first one's answer.
    func act(_ verb: String, _ form: Form) -> Outcome {
        let nonce = form["nonce"].flatMap { $0.isEmpty || $0.count > 100 ? nil : $0 }
        if let nonce {
            switch shared.recent.begin(nonce) {
            case .done(var first):
                first.repeated = true
                return first
            case .inFlight:
                return Outcome(ok: true, message: "That change is on its way already.", celebrate: false, repeated: true)
            case .new:
                break
            }
        }
        let status: HTTPResponse.Status
        let message: String
        var ask: String?
        let celebration = Celebrated()
        let made = VaultStore.MadeChange()
        do {
            message = try VaultStore.$madeChange.withValue(made) { try perform(verb, form, celebration) }
            status = .ok
        } catch let error as ActionError {
            (status, message, ask) = (error.status, error.message, error.ask)
        } catch {
            (status, message) = (.conflict, Shared.describe(error))
        }
        var outcome = Outcome(ok: status == .ok, message: message, celebrate: celebration.now)
        outcome.ask = ask
        outcome.code = status.code
        if status == .ok, verb != "undo", let entry = made.entry {
            outcome.undo = Outcome.Undo(expect: entry.commit, what: ChangeWords.said(entry.summary))
        }
        if let nonce { shared.recent.finish(nonce, outcome) }
        return outcome
    }

    struct ActionError: Error {
        let status: HTTPResponse.Status
        let message: String
        /// A question rather than a refusal: what to send again to go ahead ("anyway").
        var ask: String?
    }

    func need(_ form: Form, _ key: String) throws -> String {
        guard let v = form[key]?.trimmingCharacters(in: .whitespaces), !v.isEmpty else {
            throw ActionError(status: .badRequest, message: "the form has no \(key)")
        }
        return v
    }

    /// Set by a `check` that made today count for the streak, once a day per device (as the
    /// terminal does), unless `reduce_motion` is on: the page's script then plays its short animation.
    final class Celebrated: @unchecked Sendable { var now = false }

    /// Runs one verb and says what happened, in the command line's words.
    func perform(_ verb: String, _ form: Form, _ celebrated: Celebrated = Celebrated()) throws -> String {
        let store = shared.store
        switch verb {
        case "add":
            return try add(form)
        case "welcome":
            // The three ways back after days away, as `carousel welcome someday|spread|pick`;
            // "later" only puts the welcome away for today.
            let way = try need(form, "way")
            guard ["someday", "spread", "pick", "later"].contains(way) else {
                throw ActionError(status: .badRequest, message: "a way back is someday, spread, pick or later, found \"\(way)\"")
            }
            return try store.change { ws in
                _ = LastOpened.awaySince(ws.vault, today: ws.today, consume: true)
                let outcome: WelcomeOutcome
                switch way {
                case "someday": outcome = try ws.welcomeSomeday()
                case "spread": outcome = try ws.welcomeSpread()
                case "pick": outcome = try ws.welcomePick()
                default: return Said.welcomeLater.plain
                }
                return Said.welcomed(outcome, way: way).plain
            }
        case "pull":
            let ref = try need(form, "ref")
            return try store.change { ws in
                let (card, changed) = try ws.pull(ref)
                return (changed ? Said.pulled([card.title]) : Said.alreadyInToday([card.title])).plain
            }
        case "drop":
            let ref = try need(form, "ref")
            return try store.change { ws in
                let (card, changed) = try ws.drop(ref)
                return Said.dropped(card.title, changed: changed).plain
            }
        case "order":
            let ref = try need(form, "ref")
            guard let position = Int(try need(form, "position")) else { throw ActionError(status: .badRequest, message: "position must be a number") }
            return try store.change { ws in
                let card = try ws.resolve(ref)
                _ = try ws.order(ref, to: position)
                return Said.ordered(card.title, position: position).plain
            }
        case "done":
            let ref = try need(form, "ref")
            return try store.change { ws in
                Said.done(try ws.done(ref), today: ws.today).plain
            }
        case "undone":
            let ref = try need(form, "ref")
            return try store.change { ws in
                let card = try ws.undone(ref)
                return Said.undone((try card ?? ws.resolve(ref)).title, reopened: card != nil).plain
            }
        case "set":
            let ref = try need(form, "ref"), field = try need(form, "field")
            let value = form["value"] ?? ""
            return try store.change { ws in
                let assignment = FieldAssignment(field: field, value: value)
                return Said.updated([try ws.set(ref, [assignment])], [assignment]).plain
            }
        case "move":
            let ref = try need(form, "ref")
            guard let column = BoardView.Column(name: try need(form, "column")) else {
                throw ActionError(status: .badRequest, message: "the columns are today, this_week, upcoming and someday")
            }
            return try store.change { ws in
                Said.moved(try ws.move(ref, to: column), today: ws.today).plain
            }
        case "check":
            let ref = try need(form, "ref")
            return try store.change { ws in
                let change = try ws.check(ref, amount: form["amount"].flatMap { $0.isEmpty ? nil : $0 }, date: nil, anyway: false,
                                          force: form["force"] == "1")
                guard let c = ws.celebration(for: change), !ws.settings.reduceMotion,
                      !Celebration.alreadyShown(c.date, vault: ws.vault) else { return Said.checked(change, today: ws.today).plain }
                Celebration.markShown(c.date, vault: ws.vault)
                celebrated.now = true
                return Said.checked(change, today: ws.today).plain + " " + c.sentence
            }
        case "skip":
            if let habit = form["habit"], !habit.isEmpty {
                return try store.change { ws in
                    let change = try ws.skip(habit: habit, note: nil, date: nil, force: form["force"] == "1")
                    return Said.skipped(habit: change.habit.title, on: change.date, today: ws.today, noted: false).plain
                }
            }
            let ref = try need(form, "ref")
            return try store.change { ws in
                let (card, next) = try ws.skip(card: ref)
                return Said.skipped(card: card.title, next: next).plain
            }
        case "undo":
            return try store.change { ws in
                // In a person's words: what the change had done, not its commit message.
                "Undone: " + ChangeWords.said(try Undo.run(ws, expecting: form["expect"].flatMap { $0.isEmpty ? nil : $0 }).undone.summary) + "."
            }
        case "note":
            let text = try need(form, "text")
            return try store.change { ws in
                try ws.saveReflection(text)
                return Said.noteSaved(today: ws.today).plain
            }
        default:
            throw ActionError(status: .notFound, message: "there is no action \"\(verb)\"")
        }
    }
}

/// What an action answers the page's script: whether it worked, the sentence to show, and
/// whether to celebrate.
struct Outcome: Encodable, Sendable {
    let ok: Bool
    let message: String
    let celebrate: Bool
    /// Set when the same action came again: the first one's answer, and nothing more changed.
    var repeated: Bool?
    /// The change made, for the message's Undo: the commit undo must find last, and what it did.
    var undo: Undo?
    /// A question instead of a refusal: the field to send as "1" to go ahead ("anyway").
    var ask: String?
    /// The HTTP status, for the server's own use.
    var code = 200

    struct Undo: Encodable, Sendable {
        let expect: String
        let what: String
    }

    var status: HTTPResponse.Status { HTTPResponse.Status(code: code) }

    enum CodingKeys: String, CodingKey { case ok, message, celebrate, repeated, undo, ask }
}
