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
            let status: HTTPResponse.Status
            let message: String
            let celebration = Celebrated()
            do {
                message = try perform(verb, form, celebration)
                status = .ok
            } catch let error as ActionError {
                (status, message) = (error.status, error.message)
            } catch {
                (status, message) = (.conflict, Shared.describe(error))
            }
            if wantsJSON {
                let body = JSONText.string(Outcome(ok: status == .ok, message: message, celebrate: celebration.now), .compact) ?? "{}"
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

    struct ActionError: Error {
        let status: HTTPResponse.Status
        let message: String
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
            let text = try need(form, "text")
            return try store.change { ws in
                // The same reading as `carousel add`, from the same time of day.
                let now = store.pinnedNow?.minutes ?? (store.pinnedDay == nil ? store.moment.minutes : nil)
                let capture = QuickCapture.parse(text, today: ws.today, weekStart: ws.settings.weekStart, dayFirst: ws.settings.dayFirst, words: true,
                                                 now: now)
                guard !capture.title.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw ActionError(status: .badRequest, message: "\"\(text)\" leaves no title once dates and markers are read")
                }
                if let problem = capture.problems.first {
                    throw ActionError(status: .badRequest, message: problem)
                }
                let card = try ws.add(capture.newCard(today: ws.today))
                let said = Said.added(card, today: ws.today).plain
                return capture.understoodLine(card: card, typed: text).map { $0 + "\n" + said } ?? said
            }
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
                Said.undid(try Undo.run(ws, expecting: form["expect"].flatMap { $0.isEmpty ? nil : $0 }).undone.summary).plain
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
struct Outcome: Encodable {
    let ok: Bool
    let message: String
    let celebrate: Bool
}
