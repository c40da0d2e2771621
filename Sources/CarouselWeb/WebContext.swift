import Hummingbird
import NIOCore

/// Each request's context: Hummingbird's basic one, with the client's address (for slowing
/// down wrong tokens per address, and for `--lan`'s local network check).
public struct WebContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public var remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
