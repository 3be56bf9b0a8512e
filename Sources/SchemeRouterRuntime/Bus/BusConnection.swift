internal import CSchemeRouterLinux
internal import CLibUV
internal import CSDBus
internal import Glibc

/// The primary's connection to the session bus (sd-bus), driven by the runtime's libuv loop:
/// a `uv_poll` on `sd_bus_get_fd` for the events `sd_bus_get_events` asks for, a `uv_timer` for
/// `sd_bus_get_timeout`, and `sd_bus_process` until it has nothing left after either fires.
///
/// The bus going away (daemon killed, connection reset) closes only this connection: the
/// socket door is not affected.
@MainActor
final class BusConnection {
    /// The sd-bus connection; `nil` once disconnected.
    private(set) var bus: OpaquePointer?
    private let poll: UnsafeMutablePointer<uv_poll_t>
    private let timer: UnsafeMutablePointer<uv_timer_t>
    /// The object's registration (freed with the connection).
    private var slot: OpaquePointer?
    /// Called once when the connection is lost (not when ``close()`` is called).
    var onDisconnect: (@MainActor (String) -> Void)?

    /// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`),
    /// exports `handler` at `objectPath` and takes the well-known `name`.
    /// - Throws: ``BusError`` when there is no session bus or the name is owned by another connection.
    init(
        loop: EventLoop, name: String, objectPath: String, handler: sd_bus_message_handler_t,
        context: UnsafeMutableRawPointer
    ) throws(BusError) {
        var connection: OpaquePointer?
        let opened = sd_bus_open_user(&connection)
        guard opened >= 0, let connection else { throw BusError(call: "sd_bus_open_user", code: opened) }
        var registration: OpaquePointer?
        let added = sd_bus_add_object(connection, &registration, objectPath, handler, context)
        guard added >= 0 else {
            sd_bus_close_unref(connection)
            throw BusError(call: "sd_bus_add_object \(objectPath)", code: added)
        }
        // Synchronous: calls queued for the name are delivered once the loop runs.
        let requested = sd_bus_request_name(connection, name, 0)
        guard requested >= 0 else {
            sd_bus_slot_unref(registration)
            sd_bus_close_unref(connection)
            throw BusError(call: "sd_bus_request_name \(name)", code: requested)
        }
        let descriptor = sd_bus_get_fd(connection)
        guard descriptor >= 0 else {
            sd_bus_slot_unref(registration)
            sd_bus_close_unref(connection)
            throw BusError(call: "sd_bus_get_fd", code: descriptor)
        }
        bus = connection
        slot = registration
        poll = UVHandle.allocate(uv_poll_t.self)
        timer = UVHandle.allocate(uv_timer_t.self)
        UV.expect(uv_poll_init(loop.raw, poll, descriptor), "uv_poll_init")
        UV.expect(uv_timer_init(loop.raw, timer), "uv_timer_init")
        poll.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        timer.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        // The bus alone does not keep the app alive: the socket listener does.
        uv_unref(UVHandle.handle(poll))
        uv_unref(UVHandle.handle(timer))
        rearm()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> BusConnection? {
        guard let data else { return nil }
        return Unmanaged<BusConnection>.fromOpaque(data).takeUnretainedValue()
    }

    /// Handles everything sd-bus has ready, then waits for what it asks for next.
    func process() {
        guard let bus else { return }
        while true {
            let result = sd_bus_process(bus, nil)
            if result < 0 {
                lose("sd_bus_process: \(BusError.describe(result))")
                return
            }
            if result == 0 { break }
            guard self.bus != nil else { return }
        }
        rearm()
    }

    /// Watches the descriptor and the deadline sd-bus asks for now (after sending too: a reply
    /// that did not fit in the socket makes sd-bus ask for writability).
    func rearm() {
        guard let bus else { return }
        let events = sd_bus_get_events(bus)
        guard events >= 0 else {
            lose("sd_bus_get_events: \(BusError.describe(events))")
            return
        }
        var flags = Int32(UV_READABLE.rawValue)
        if events & Int32(POLLOUT) != 0 { flags |= Int32(UV_WRITABLE.rawValue) }
        UV.expect(uv_poll_start(poll, flags) { handle, _, _ in
            MainActor.assumeIsolated { BusConnection.from(handle?.pointee.data)?.process() }
        }, "uv_poll_start")
        var deadline: UInt64 = 0
        guard sd_bus_get_timeout(bus, &deadline) >= 0, deadline != UInt64.max else {
            UV.expect(uv_timer_stop(timer), "uv_timer_stop")
            return
        }
        let now = schemerouter_monotonic_microseconds()
        let milliseconds = deadline <= now ? 0 : (deadline - now + 999) / 1000
        UV.expect(uv_timer_start(timer, { handle in
            MainActor.assumeIsolated { BusConnection.from(handle?.pointee.data)?.process() }
        }, UInt64(milliseconds), 0), "uv_timer_start")
    }

    /// The connection broke: close it and say why.
    private func lose(_ reason: String) {
        closeHandles(flush: false)
        onDisconnect?(reason)
    }

    /// Flushes queued replies, releases the name and closes (termination).
    func close() {
        closeHandles(flush: true)
    }

    private func closeHandles(flush: Bool) {
        guard let bus else { return }
        self.bus = nil
        let free: uv_close_cb = { handle in if let handle { UVHandle.free(handle) } }
        uv_close(UVHandle.handle(poll), free)
        uv_close(UVHandle.handle(timer), free)
        sd_bus_slot_unref(slot)
        slot = nil
        if flush {
            sd_bus_flush_close_unref(bus)
        } else {
            sd_bus_close_unref(bus)
        }
    }
}

/// A failed sd-bus call: which, and its negative errno.
struct BusError: Error, CustomStringConvertible {
    /// The call, with what it was about.
    let call: String
    /// sd-bus's negative errno.
    let code: Int32

    var description: String { "\(call): \(Self.describe(code))" }

    /// `strerror` of a negative errno.
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(-code))
    }
}
