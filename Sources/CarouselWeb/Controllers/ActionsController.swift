import CarouselCore
import Foundation
import HTTPTypes
import Hummingbird

/// `POST /actions/VERB`: every change the pages can make. Each goes through the same `Workspace`
/// call as the command of the same name, so it makes the same commit with the same message.
/// The guard in front has already checked the cookie, the Origin and the form's token.
struct ActionsController {
    let shared: Shared

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.post("/actions/:verb") { request, context in
            var request = request
            let verb = context.parameters.get("verb") ?? ""
            let form = Form(String(buffer: try await request.collectBody(upTo: GuardMiddleware<BasicRequestContext>.formLimit)))
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
                let body = "{\"ok\":\(status == .ok),\"message\":\(JSONText.quote(message)),\"celebrate\":\(celebration.now)}"
                return Response(status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                                body: .init(byteBuffer: ByteBuffer(string: body)))
            }
            // Without the page's script a form posts here; send the person back where they were.
            var back = "/"
            if let referer = request.headers[.referer], let url = URL(string: referer), url.path.hasPrefix("/") { back = url.path }
            if status != .ok { return Pages.refusal(status, message) }
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
                let capture = QuickCapture.parse(text, today: ws.today, weekStart: ws.settings.weekStart, dayFirst: ws.settings.dayFirst, words: true)
                guard !capture.title.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw ActionError(status: .badRequest, message: "\"\(text)\" leaves no title once dates and markers are read")
                }
                if let problem = capture.problems.first {
                    throw ActionError(status: .badRequest, message: problem)
                }
                let new = capture.newCard(today: ws.today)
                let card = try ws.add(new)
                return "Added \(card.title)."
            }
        case "pull":
            let ref = try need(form, "ref")
            return try store.change { ws in
                let (card, changed) = try ws.pull(ref)
                return changed ? "Pulled \(card.title) into today." : "\(card.title) is already in today."
            }
        case "drop":
            let ref = try need(form, "ref")
            return try store.change { ws in
                let (card, changed) = try ws.drop(ref)
                return changed ? "Dropped \(card.title) back into the carousel." : "\(card.title) is not in today."
            }
        case "order":
            let ref = try need(form, "ref")
            guard let position = Int(try need(form, "position")) else { throw ActionError(status: .badRequest, message: "position must be a number") }
            return try store.change { ws in
                _ = try ws.order(ref, to: position)
                return "Moved it to place \(position) in today."
            }
        case "done":
            let ref = try need(form, "ref")
            return try store.change { ws in
                switch try ws.done(ref) {
                case let .finished(card): return "Done: \(card.title). Nice one."
                case let .occurrence(card, next):
                    return "Done for today: \(card.title). " + (next.map { "Next one: " + Words.shortDate($0) + "." } ?? "That was the last one.")
                case let .alreadyDone(card): return "\(card.title) is already done. Nothing changed."
                }
            }
        case "undone":
            let ref = try need(form, "ref")
            return try store.change { ws in
                let card = try ws.undone(ref)
                return card.map { "\($0.title) is open again." } ?? "It was not done. Nothing changed."
            }
        case "set":
            let ref = try need(form, "ref"), field = try need(form, "field")
            let value = form["value"] ?? ""
            return try store.change { ws in
                let card = try ws.set(ref, [FieldAssignment(field: field, value: value)])
                return "Set \(field) of \(card.title)."
            }
        case "move":
            let ref = try need(form, "ref")
            guard let column = BoardView.Column(name: try need(form, "column")) else {
                throw ActionError(status: .badRequest, message: "the columns are today, this_week, upcoming and someday")
            }
            return try store.change { ws in
                let outcome = try ws.move(ref, to: column)
                let when = outcome.due.map { Words.due($0, today: ws.today) } ?? "no due date"
                return outcome.changed ? "Moved \(outcome.card.title) to \(column.title.lowercased()) (\(when))."
                    : "\(outcome.card.title) is already there (\(when))."
            }
        case "check":
            let ref = try need(form, "ref")
            return try store.change { ws in
                let change = try ws.check(ref, amount: form["amount"].flatMap { $0.isEmpty ? nil : $0 }, date: nil, anyway: false,
                                          force: form["force"] == "1")
                guard let c = ws.celebration(for: change), !ws.snapshot.settings.reduceMotion,
                      !Celebration.alreadyShown(c.date, vault: ws.vault) else { return "Checked \(change.habit.title)." }
                Celebration.markShown(c.date, vault: ws.vault)
                celebrated.now = true
                return "Checked \(change.habit.title). " + c.sentence
            }
        case "skip":
            if let habit = form["habit"], !habit.isEmpty {
                return try store.change { ws in
                    let change = try ws.skip(habit: habit, note: nil, date: nil, force: form["force"] == "1")
                    return "Skipped \(change.habit.title) today. Rest counts too."
                }
            }
            let ref = try need(form, "ref")
            return try store.change { ws in
                let (card, next) = try ws.skip(card: ref)
                return "Skipped \(card.title) this time." + (next.map { " Next one: " + Words.shortDate($0) + "." } ?? "")
            }
        case "undo":
            return try store.change { ws in
                let outcome = try Undo.run(ws)
                return "Undone: \(outcome.undone.summary)."
            }
        case "note":
            let text = try need(form, "text")
            return try store.change { ws in
                try ws.saveReflection(text)
                return "Saved your note for today."
            }
        default:
            throw ActionError(status: .notFound, message: "there is no action \"\(verb)\"")
        }
    }
}

enum JSONText {
    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "<": out += "\\u003c"
            case _ where u.value < 0x20: out += String(format: "\\u%04x", u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
