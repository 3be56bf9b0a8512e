internal import SchemeRouterPlatform
internal import CDBus
internal import CLibUV

/// How old a call the door reads can be, as far as the primary can tell: a D-Bus message carries
/// no time, so the door bounds the time a call can have waited for the primary.
///
/// Each loop turn (`uv_prepare`, right before the loop polls) that finds the bus socket empty
/// moves ``drained`` to now: a call read later reached the socket after that turn. A heartbeat
/// timer makes an idle loop turn every quarter of the call window, so a long gap between turns
/// means the primary was not reading (stopped, frozen, or in a long hook). After such a gap the
/// daemon may hold more calls for the primary than its socket did, so until a round trip to the
/// daemon (`GetId`, answered after everything it queued before it) comes back, every call read
/// counts from before the gap (``staleSince``).
@MainActor
final class BusCallClock {
    private let loop: EventLoop
    /// The connection's socket now (it changes when the door reconnects).
    private let descriptor: @MainActor () -> Int32?
    /// Asks the daemon for a round trip; the closure runs on its reply.
    private let fence: @MainActor (@escaping @MainActor () -> Void) -> Void
    private let heartbeat: UnsafeMutablePointer<uv_timer_t>
    private let turn: UnsafeMutablePointer<uv_prepare_t>
    private let interval: Duration
    /// The last turn that found the socket drained.
    private var drained: Duration
    /// The last turn.
    private var lastTurn: Duration
    /// Set after a gap: the moment before it, kept until the fence answers.
    private var staleSince: Duration?
    /// Counts gaps, so an older fence does not end the wait for a newer one.
    private var gaps = 0

    /// - Parameters:
    ///   - window: The door's call window (``BusDoor/callWindow(hookDeadline:)``): the heartbeat
    ///     runs four times within it.
    ///   - descriptor: The bus connection's socket now.
    ///   - fence: A round trip to the daemon.
    init(
        loop: EventLoop, window: Duration, descriptor: @escaping @MainActor () -> Int32?,
        fence: @escaping @MainActor (@escaping @MainActor () -> Void) -> Void
    ) {
        self.loop = loop
        self.descriptor = descriptor
        self.fence = fence
        interval = max(window / 4, .milliseconds(10))
        let now = Sys.monotonicNow()
        drained = now
        lastTurn = now
        heartbeat = UVHandle.allocate(uv_timer_t.self)
        turn = UVHandle.allocate(uv_prepare_t.self)
        let context = Unmanaged.passUnretained(self).toOpaque()
        UV.expect(uv_timer_init(loop.raw, heartbeat), "uv_timer_init")
        UV.expect(uv_prepare_init(loop.raw, turn), "uv_prepare_init")
        heartbeat.pointee.data = context
        turn.pointee.data = context
        // Neither keeps the app alive: the socket listener does.
        uv_unref(UVHandle.handle(heartbeat))
        uv_unref(UVHandle.handle(turn))
        let milliseconds = UInt64(Sys.milliseconds(interval))
        UV.expect(uv_timer_start(heartbeat, { _ in }, milliseconds, milliseconds), "uv_timer_start")
        UV.expect(uv_prepare_start(turn) { handle in
            MainActor.assumeIsolated {
                guard let data = handle?.pointee.data else { return }
                Unmanaged<BusCallClock>.fromOpaque(data).takeUnretainedValue().turned()
            }
        }, "uv_prepare_start")
    }

    /// The earliest moment a call read now can have been sent.
    var since: Duration { staleSince ?? drained }

    /// A loop turn: note a gap, and whether the socket is drained.
    private func turned() {
        let now = Sys.monotonicNow()
        if now - lastTurn > interval * 2 {
            staleSince = min(staleSince ?? drained, drained)
            gaps += 1
            let gap = gaps
            fence { [weak self] in
                guard let self, self.gaps == gap else { return }
                self.staleSince = nil
            }
        }
        lastTurn = now
        guard let descriptor = descriptor() else { return }
        if schemerouter_dbus_unread_bytes(descriptor) == 0 { drained = now }
    }

    /// Stops the timer and the turn watch (termination).
    func close() {
        let free: uv_close_cb = { handle in if let handle { UVHandle.free(handle) } }
        uv_close(UVHandle.handle(heartbeat), free)
        uv_close(UVHandle.handle(turn), free)
    }
}
