import Hummingbird

/// Behind the guard: an address no route answers, or an error no controller caught, becomes a
/// styled page that says what happened and leads back, instead of an empty answer.
struct ErrorPagesMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            if error.status == .notFound { return Pages.refusal(.notFound, Pages.notFound) }
            if error.status.code < 500 { return Pages.refusal(error.status, error.body ?? "The server could not read that request.") }
            return Pages.refusal(error.status, "The server could not answer. Try again; if it keeps happening, restart `carousel serve`.")
        } catch {
            return Pages.refusal(.internalServerError,
                                 "The server could not answer: \(Shared.describe(error)). Nothing was changed by this request.")
        }
    }
}
