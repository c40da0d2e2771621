import CarouselCore
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOSSL

/// How `carousel serve` was asked to run.
public struct ServeOptions: Sendable {
    public var address = "127.0.0.1"
    /// 0 picks a free port.
    public var port = 0
    /// `--lan`: HTTPS with this configuration (the certificate), paired devices and the local network only.
    public var tls: TLSConfiguration?
    /// Timeouts for every connection, and with `--lan` a cap per address.
    public var limits = ConnectionLimits()
    public init() {}
}

/// The router: the guard in front, then one controller per area.
public func buildRouter(store: VaultStore, access: Access) -> Router<WebContext> {
    let router = Router(context: WebContext.self)
    router.add(middleware: GuardMiddleware(access: access))
    router.add(middleware: ErrorPagesMiddleware())
    let shared = Shared(store: store, access: access)
    HomeController(shared: shared).addRoutes(to: router)
    CalendarController(shared: shared).addRoutes(to: router)
    BoardController(shared: shared).addRoutes(to: router)
    BubblesController(shared: shared).addRoutes(to: router)
    HabitsController(shared: shared).addRoutes(to: router)
    DayControllers(shared: shared).addRoutes(to: router)
    CardController(shared: shared).addRoutes(to: router)
    AttachmentController(shared: shared).addRoutes(to: router)
    ActionsController(shared: shared).addRoutes(to: router)
    ChangesController(shared: shared).addRoutes(to: router)
    RemindersController(shared: shared).addRoutes(to: router)
    MoreController(shared: shared).addRoutes(to: router)
    PickController(shared: shared).addRoutes(to: router)
    AssetsController().addRoutes(to: router)
    return router
}

/// The application: the router bound to `options.address`, over HTTPS when `options.tls` is set. `onBound` hears the real port once
/// the socket is open (port 0 picks one), after the Host check has learnt it.
public func buildApplication(store: VaultStore, access: Access, options: ServeOptions,
                             onBound: @escaping @Sendable (Int) -> Void) throws -> some ApplicationProtocol {
    var logger = Logger(label: "carousel-serve")
    logger.logLevel = .warning
    let address = options.address
    let limits = options.limits, tls = options.tls
    let counts = limits.perAddress.map(ConnectionCounts.init(limit:))
    let http = HTTP1Channel.Configuration(additionalChannelHandlers: [FirstRequestDeadline(limit: limits.firstRequest)],
                                          idleTimeout: limits.idle)
    let server = HTTPServerBuilder { responder in
        let plain = HTTP1Channel(responder: responder, configuration: http)
        guard let tls else { return LimitedChannel(base: plain, counts: counts) }
        return LimitedChannel(base: try TLSChannel(plain, tlsConfiguration: tls), counts: counts)
    }
    return Application(
        router: buildRouter(store: store, access: access),
        server: server,
        configuration: .init(address: .hostname(address, port: options.port), serverName: "carousel"),
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? options.port
            access.bound(address: address, port: port)
            onBound(port)
        },
        logger: logger
    )
}
