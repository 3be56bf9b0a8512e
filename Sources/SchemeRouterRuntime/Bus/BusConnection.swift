internal import CLibUV
internal import CDBus
internal import Glibc
internal import SchemeRouterSender

/// The primary's private connection to the session bus (libdbus-1), driven by the runtime's
/// libuv loop: one `uv_poll` per descriptor libdbus watches (its read and write watches share
/// the socket, and libuv allows one poll per descriptor), a `uv_timer` per enabled timeout, and
/// a `uv_idle` that dispatches while libdbus says data remains.
///
/// The bus going away (daemon killed, connection reset) closes only this connection: the
/// socket door is not affected.
@MainActor
final class BusConnection {
    /// The libdbus connection; `nil` once closed or lost.
    private(set) var connection: OpaquePointer?
    private let loop: EventLoop
    private let idle: UnsafeMutablePointer<uv_idle_t>
    /// The watches libdbus asked for (`DBusWatch`), and the poll of each watched descriptor.
    private var watches: [OpaquePointer] = []
    private var polls: [Int32: UnsafeMutablePointer<uv_poll_t>] = [:]
    /// The timer of each timeout libdbus asked for (`DBusTimeout`).
    private var timers: [OpaquePointer: UnsafeMutablePointer<uv_timer_t>] = [:]
    /// Handles a method call on the exported object; `false` lets libdbus answer UnknownMethod.
    private let handler: @MainActor (BusMessage) -> Bool
    /// Called once when the connection is lost (not when ``close()`` is called).
    var onDisconnect: (@MainActor (String) -> Void)?

    /// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`; never
    /// autolaunched), exports `handler` at `objectPath` and takes the well-known `name`.
    /// - Throws: ``BusError`` when there is no session bus or the name is owned by another connection.
    init(
        loop: EventLoop, name: String, objectPath: String, handler: @escaping @MainActor (BusMessage) -> Bool
    ) throws(BusError) {
        let address = try Self.sessionAddress()
        var error = schemerouter_dbus_error_init()
        defer { dbus_error_free(&error) }
        // Replies are sent with MSG_NOSIGNAL; the process's SIGPIPE disposition stays the runtime's.
        dbus_connection_set_change_sigpipe(0)
        guard let opened = dbus_connection_open_private(address, &error) else {
            throw BusError(call: "dbus_connection_open_private \(address)", error: error)
        }
        dbus_connection_set_exit_on_disconnect(opened, 0)
        func fail(_ call: String) -> BusError {
            let failure = BusError(call: call, error: error)
            dbus_connection_close(opened)
            dbus_connection_unref(opened)
            return failure
        }
        guard dbus_bus_register(opened, &error) != 0 else { throw fail("dbus_bus_register") }
        // Synchronous: calls queued for the name are dispatched once the loop runs.
        let requested = dbus_bus_request_name(opened, name, UInt32(DBUS_NAME_FLAG_DO_NOT_QUEUE), &error)
        guard requested >= 0 else { throw fail("dbus_bus_request_name \(name)") }
        guard requested == DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER || requested == DBUS_REQUEST_NAME_REPLY_ALREADY_OWNER
        else {
            dbus_set_error_const(&error, "org.freedesktop.DBus.Error.AddressInUse", "the name is owned by another connection")
            throw fail("dbus_bus_request_name \(name)")
        }
        self.loop = loop
        self.handler = handler
        connection = opened
        idle = UVHandle.allocate(uv_idle_t.self)
        UV.expect(uv_idle_init(loop.raw, idle), "uv_idle_init")
        idle.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        // The bus alone does not keep the app alive: the socket listener does.
        uv_unref(UVHandle.handle(idle))
        let context = Unmanaged.passUnretained(self).toOpaque()
        var table = DBusObjectPathVTable()
        table.message_function = { _, message, context in
            MainActor.assumeIsolated {
                guard let message, let connection = BusConnection.from(context) else {
                    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
                }
                return connection.handler(BusMessage(message, on: connection.connection))
                    ? DBUS_HANDLER_RESULT_HANDLED : DBUS_HANDLER_RESULT_NOT_YET_HANDLED
            }
        }
        guard dbus_connection_try_register_object_path(opened, objectPath, &table, context, &error) != 0 else {
            let failure = BusError(call: "dbus_connection_try_register_object_path \(objectPath)", error: error)
            closeHandles(flush: false)
            throw failure
        }
        _ = dbus_connection_add_filter(opened, { _, message, context in
            MainActor.assumeIsolated {
                if let message, dbus_message_is_signal(message, "org.freedesktop.DBus.Local", "Disconnected") != 0 {
                    BusConnection.from(context)?.lose("the bus closed the connection")
                }
                return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
            }
        }, context, nil)
        _ = dbus_connection_set_watch_functions(
            opened,
            { watch, context in
                MainActor.assumeIsolated {
                    guard let watch, let connection = BusConnection.from(context) else { return 0 }
                    connection.addWatch(watch)
                    return 1
                }
            },
            { watch, context in
                MainActor.assumeIsolated {
                    guard let watch else { return }
                    BusConnection.from(context)?.removeWatch(watch)
                }
            },
            { watch, context in
                MainActor.assumeIsolated {
                    guard let watch else { return }
                    BusConnection.from(context)?.update(descriptor: dbus_watch_get_unix_fd(watch))
                }
            }, context, nil)
        _ = dbus_connection_set_timeout_functions(
            opened,
            { timeout, context in
                MainActor.assumeIsolated {
                    guard let timeout, let connection = BusConnection.from(context) else { return 0 }
                    connection.addTimeout(timeout)
                    return 1
                }
            },
            { timeout, context in
                MainActor.assumeIsolated {
                    guard let timeout else { return }
                    BusConnection.from(context)?.removeTimeout(timeout)
                }
            },
            { timeout, context in
                MainActor.assumeIsolated {
                    guard let timeout else { return }
                    BusConnection.from(context)?.arm(timeout)
                }
            }, context, nil)
        dbus_connection_set_dispatch_status_function(opened, { _, status, context in
            MainActor.assumeIsolated {
                if status == DBUS_DISPATCH_DATA_REMAINS { BusConnection.from(context)?.scheduleDispatch() }
            }
        }, context, nil)
        rearm()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> BusConnection? {
        guard let data else { return nil }
        return Unmanaged<BusConnection>.fromOpaque(data).takeUnretainedValue()
    }

    /// The session bus's address: `DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus` when it exists.
    private static func sessionAddress() throws(BusError) -> String {
        if let address = getenv("DBUS_SESSION_BUS_ADDRESS"), address.pointee != 0 { return String(cString: address) }
        if let runtime = getenv("XDG_RUNTIME_DIR"), runtime.pointee != 0 {
            let path = String(cString: runtime) + "/bus"
            if access(path, F_OK) == 0 { return "unix:path=" + path }
        }
        throw BusError(
            call: "session bus", name: "org.freedesktop.DBus.Error.NoServer",
            message: "neither DBUS_SESSION_BUS_ADDRESS nor $XDG_RUNTIME_DIR/bus names one")
    }

    /// Dispatches what libdbus has queued (messages read while the caller was busy).
    func rearm() {
        guard let connection, dbus_connection_get_dispatch_status(connection) == DBUS_DISPATCH_DATA_REMAINS else { return }
        scheduleDispatch()
    }

    private func scheduleDispatch() {
        guard connection != nil else { return }
        UV.expect(uv_idle_start(idle) { handle in
            MainActor.assumeIsolated { BusConnection.from(handle?.pointee.data)?.dispatch() }
        }, "uv_idle_start")
    }

    /// Delivers every complete message libdbus has read, then lets the loop sleep.
    private func dispatch() {
        guard connection != nil else { return }
        uv_idle_stop(idle)
        while let connection, dbus_connection_dispatch(connection) == DBUS_DISPATCH_DATA_REMAINS {}
    }

    // MARK: Watches

    private func addWatch(_ watch: OpaquePointer) {
        watches.append(watch)
        let descriptor = dbus_watch_get_unix_fd(watch)
        if polls[descriptor] == nil {
            let poll = UVHandle.allocate(uv_poll_t.self)
            UV.expect(uv_poll_init(loop.raw, poll, descriptor), "uv_poll_init")
            poll.pointee.data = Unmanaged.passUnretained(self).toOpaque()
            uv_unref(UVHandle.handle(poll))
            polls[descriptor] = poll
        }
        update(descriptor: descriptor)
    }

    private func removeWatch(_ watch: OpaquePointer) {
        let descriptor = dbus_watch_get_unix_fd(watch)
        watches.removeAll { $0 == watch }
        update(descriptor: descriptor)
    }

    /// Polls the descriptor for what its enabled watches want; closes the poll when none is left.
    private func update(descriptor: Int32) {
        guard let poll = polls[descriptor] else { return }
        let mine = watches.filter { dbus_watch_get_unix_fd($0) == descriptor }
        guard !mine.isEmpty else {
            polls[descriptor] = nil
            uv_close(UVHandle.handle(poll)) { handle in if let handle { UVHandle.free(handle) } }
            return
        }
        var events: Int32 = 0
        for watch in mine where dbus_watch_get_enabled(watch) != 0 {
            let wants = dbus_watch_get_flags(watch)
            if wants & DBUS_WATCH_READABLE.rawValue != 0 { events |= Int32(UV_READABLE.rawValue) }
            if wants & DBUS_WATCH_WRITABLE.rawValue != 0 { events |= Int32(UV_WRITABLE.rawValue) }
        }
        if events == 0 {
            UV.expect(uv_poll_stop(poll), "uv_poll_stop")
            return
        }
        UV.expect(uv_poll_start(poll, events) { handle, status, events in
            MainActor.assumeIsolated {
                guard let handle else { return }
                BusConnection.from(handle.pointee.data)?.ready(handle, status: status, events: events)
            }
        }, "uv_poll_start")
    }

    /// The descriptor is ready (or failed): each enabled watch on it handles what it asked for.
    private func ready(_ poll: UnsafeMutablePointer<uv_poll_t>, status: Int32, events: Int32) {
        guard let descriptor = polls.first(where: { $0.value == poll })?.key else { return }
        for watch in watches where dbus_watch_get_unix_fd(watch) == descriptor {
            guard connection != nil, watches.contains(watch), dbus_watch_get_enabled(watch) != 0 else { continue }
            let wants = dbus_watch_get_flags(watch)
            var flags: UInt32 = 0
            if status < 0 {
                flags = DBUS_WATCH_ERROR.rawValue | DBUS_WATCH_HANGUP.rawValue
            } else {
                if events & Int32(UV_READABLE.rawValue) != 0 { flags |= wants & DBUS_WATCH_READABLE.rawValue }
                if events & Int32(UV_WRITABLE.rawValue) != 0 { flags |= wants & DBUS_WATCH_WRITABLE.rawValue }
                if events & Int32(UV_DISCONNECT.rawValue) != 0 { flags |= DBUS_WATCH_HANGUP.rawValue }
            }
            if flags != 0 { _ = dbus_watch_handle(watch, flags) }
        }
        dispatch()
    }

    // MARK: Timeouts

    private func addTimeout(_ timeout: OpaquePointer) {
        let timer = UVHandle.allocate(uv_timer_t.self)
        UV.expect(uv_timer_init(loop.raw, timer), "uv_timer_init")
        timer.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        uv_unref(UVHandle.handle(timer))
        timers[timeout] = timer
        arm(timeout)
    }

    private func removeTimeout(_ timeout: OpaquePointer) {
        guard let timer = timers.removeValue(forKey: timeout) else { return }
        uv_close(UVHandle.handle(timer)) { handle in if let handle { UVHandle.free(handle) } }
    }

    /// Runs the timer every interval while the timeout is enabled (libdbus timeouts repeat).
    private func arm(_ timeout: OpaquePointer) {
        guard let timer = timers[timeout] else { return }
        guard dbus_timeout_get_enabled(timeout) != 0 else {
            UV.expect(uv_timer_stop(timer), "uv_timer_stop")
            return
        }
        let interval = UInt64(max(0, dbus_timeout_get_interval(timeout)))
        UV.expect(uv_timer_start(timer, { handle in
            MainActor.assumeIsolated {
                guard let handle else { return }
                BusConnection.from(handle.pointee.data)?.expired(handle)
            }
        }, interval, interval), "uv_timer_start")
    }

    private func expired(_ timer: UnsafeMutablePointer<uv_timer_t>) {
        guard let timeout = timers.first(where: { $0.value == timer })?.key else { return }
        _ = dbus_timeout_handle(timeout)
        dispatch()
    }

    // MARK: Calls out

    /// Asks the bus who `sender` is (GetConnectionCredentials) without waiting; `reply` gets
    /// the uid and pid, or why the bus did not say.
    func askCredentials(
        of sender: String, reply: @escaping @MainActor (Result<(uid: uid_t, pid: pid_t?), BusError>) -> Void
    ) {
        callDaemon("GetConnectionCredentials", argument: sender) { answer in
            guard let answer else {
                reply(.failure(BusError(
                    call: "GetConnectionCredentials", name: "org.freedesktop.DBus.Error.Disconnected",
                    message: "the bus is gone or did not reply")))
                return
            }
            reply(answer.credentials())
        }
    }

    /// Calls a method of the bus daemon (`org.freedesktop.DBus`) without waiting; `reply` gets its
    /// answer (an error reply too), or `nil` when there is no bus or no reply came.
    func callDaemon(_ member: String, argument: String?, reply: @escaping @MainActor (BusMessage?) -> Void) {
        guard let connection,
            let call = dbus_message_new_method_call(
                "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", member)
        else {
            reply(nil)
            return
        }
        defer { dbus_message_unref(call) }
        var pending: OpaquePointer?
        guard argument.map({ BusMessage.append(string: $0, to: call) }) ?? true,
            dbus_connection_send_with_reply(connection, call, &pending, -1) != 0, let pending
        else {
            reply(nil)
            return
        }
        let box = Unmanaged.passRetained(DaemonReply(reply)).toOpaque()
        _ = dbus_pending_call_set_notify(pending, { pending, box in
            MainActor.assumeIsolated {
                guard let pending, let box else { return }
                let handler = Unmanaged<DaemonReply>.fromOpaque(box).takeUnretainedValue().handler
                let answer = dbus_pending_call_steal_reply(pending)
                dbus_pending_call_unref(pending)
                handler(answer.map { BusMessage(adopting: $0) })
            }
        }, box, { box in
            if let box { Unmanaged<DaemonReply>.fromOpaque(box).release() }
        })
    }

    /// The connection's socket, while connected.
    var descriptor: Int32? {
        guard let connection else { return nil }
        var descriptor: Int32 = -1
        return dbus_connection_get_unix_fd(connection, &descriptor) != 0 ? descriptor : nil
    }

    // MARK: Closing

    /// The connection broke: close it and say why.
    private func lose(_ reason: String) {
        guard connection != nil else { return }
        closeHandles(flush: false)
        onDisconnect?(reason)
    }

    /// Flushes queued replies, releases the name and closes (termination).
    func close() {
        closeHandles(flush: true)
    }

    private func closeHandles(flush: Bool) {
        guard let connection else { return }
        if flush { dbus_connection_flush(connection) }
        // Dropping the functions removes every watch and timeout through them (their handles close).
        _ = dbus_connection_set_watch_functions(connection, nil, nil, nil, nil, nil)
        _ = dbus_connection_set_timeout_functions(connection, nil, nil, nil, nil, nil)
        dbus_connection_set_dispatch_status_function(connection, nil, nil, nil)
        self.connection = nil
        uv_close(UVHandle.handle(idle)) { handle in if let handle { UVHandle.free(handle) } }
        for (_, poll) in polls { uv_close(UVHandle.handle(poll)) { handle in if let handle { UVHandle.free(handle) } } }
        for (_, timer) in timers { uv_close(UVHandle.handle(timer)) { handle in if let handle { UVHandle.free(handle) } } }
        polls = [:]
        timers = [:]
        watches = []
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
    }
}

/// The continuation of a call to the bus daemon, kept alive by libdbus until its reply.
private final class DaemonReply {
    let handler: @MainActor (BusMessage?) -> Void
    init(_ handler: @escaping @MainActor (BusMessage?) -> Void) {
        self.handler = handler
    }
}

/// A failed libdbus call: which, and the D-Bus error it gave.
struct BusError: Error, CustomStringConvertible {
    /// The call, with what it was about.
    let call: String
    /// The D-Bus error name, e.g. `org.freedesktop.DBus.Error.NoServer`.
    let name: String
    /// The error's message.
    let message: String

    init(call: String, name: String, message: String) {
        self.call = call
        self.name = name
        self.message = message
    }

    init(call: String, error: DBusError) {
        self.init(
            call: call, name: error.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed",
            message: error.message.map { String(cString: $0) } ?? "failed")
    }

    var description: String { "\(call): \(message) (\(name))" }
}
