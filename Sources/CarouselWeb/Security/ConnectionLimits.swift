import Foundation
import HummingbirdCore
import Logging
import NIOCore

/// How long a connection may take and how many one address may hold, so that idle or slow
/// connections from one device can never use up the server's open files and lock its owner out.
public struct ConnectionLimits: Sendable {
    /// From the connection opening to its first request's head read in full (the TLS handshake included).
    public var firstRequest: TimeAmount = .seconds(10)
    /// Between requests on a kept-alive connection.
    public var idle: TimeAmount = .seconds(60)
    /// Open connections from one address at a time; nil for no limit (loopback without `--lan`,
    /// where only this computer's own programs connect).
    public var perAddress: Int?

    public init(perAddress: Int? = nil) {
        self.perAddress = perAddress
    }

    /// What `--lan` uses: a phone's browser opens about six connections to a server; 32 leaves room for
    /// several tabs and the service worker.
    public static let lan = ConnectionLimits(perAddress: 32)
}

/// The open connections per client address, counted as they open and close.
final class ConnectionCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var open: [String: Int] = [:]
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts one more for `address`; false (and nothing counted) when it already holds `limit`.
    func take(_ address: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let count = open[address, default: 0]
        guard count < limit else { return false }
        open[address] = count + 1
        return true
    }

    func give(_ address: String) {
        lock.lock()
        defer { lock.unlock() }
        let count = open[address, default: 0] - 1
        open[address] = count > 0 ? count : nil
    }

    func count(_ address: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return open[address, default: 0]
    }
}

/// A server's connection, refused at once when its address holds too many already.
struct LimitedChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value
    let base: Base
    let counts: ConnectionCounts?

    struct TooMany: Error {}

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        if let counts {
            let address = channel.remoteAddress?.ipAddress ?? "unknown"
            guard counts.take(address) else {
                // Closed before anything is read, so the open file is given back at once.
                channel.close(promise: nil)
                return channel.eventLoop.makeFailedFuture(TooMany())
            }
            channel.closeFuture.whenComplete { _ in counts.give(address) }
        }
        return base.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

/// Closes a connection whose first request has not arrived in full within `limit` of its
/// opening: a client that connects and sends nothing, or stalls in the TLS handshake or the
/// request's head. Sits after the HTTP decoder, so its first read is a whole request head.
final class FirstRequestDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Any
    let limit: TimeAmount
    private var deadline: Scheduled<Void>?
    private var seen = false

    init(limit: TimeAmount) {
        self.limit = limit
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: limit) { channel.close(promise: nil) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !seen {
            seen = true
            deadline?.cancel()
            deadline = nil
        }
        context.fireChannelRead(data)
    }
}
