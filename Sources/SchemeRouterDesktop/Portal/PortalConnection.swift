internal import CDBus
internal import Glibc
internal import SchemeRouterPlatform

/// A private, blocking connection to the session bus for one portal request: a method call, then
/// the `org.freedesktop.portal.Request.Response` signal the portal sends when the request is
/// done, each bounded by a deadline. A client only: it owns no name and exports no object (the
/// sender executables link no D-Bus door).
final class PortalConnection {
    /// The connection (private: closed and released with this object).
    private let raw: OpaquePointer
    /// This connection's unique name (`:1.42`): request handles are derived from it.
    let uniqueName: String

    /// Connects to the bus at `address` and registers (says `Hello`).
    init(address: String) throws(PortalError) {
        var error = schemerouter_dbus_error_init()
        defer { dbus_error_free(&error) }
        guard let opened = dbus_connection_open_private(address, &error) else {
            throw PortalError(error, doing: "connecting to the session bus at \(address)")
        }
        // A lost bus must not end the process (libdbus's default for bus connections).
        dbus_connection_set_exit_on_disconnect(opened, 0)
        guard dbus_bus_register(opened, &error) != 0, let name = dbus_bus_get_unique_name(opened) else {
            let failure = PortalError(error, doing: "registering on the session bus")
            dbus_connection_close(opened)
            dbus_connection_unref(opened)
            throw failure
        }
        raw = opened
        uniqueName = String(cString: name)
    }

    deinit {
        dbus_connection_close(raw)
        dbus_connection_unref(raw)
    }

    /// Asks the bus to route the signals `rule` matches to this connection.
    func addMatch(_ rule: String) throws(PortalError) {
        var error = schemerouter_dbus_error_init()
        defer { dbus_error_free(&error) }
        dbus_bus_add_match(raw, rule, &error)
        if dbus_error_is_set(&error) != 0 { throw PortalError(error, doing: "AddMatch \(rule)") }
    }

    /// Sends `message` and waits for its reply, at most `timeout`.
    /// - Returns: The reply; the caller releases it (`dbus_message_unref`).
    /// - Throws: ``PortalError`` with the error the callee (or the bus) answered, or a timeout.
    func call(_ message: OpaquePointer, timeout: Duration) throws(PortalError) -> OpaquePointer {
        var error = schemerouter_dbus_error_init()
        defer { dbus_error_free(&error) }
        let milliseconds = Int32(clamping: max(1, Sys.milliseconds(timeout)))
        guard let reply = dbus_connection_send_with_reply_and_block(raw, message, milliseconds, &error) else {
            throw PortalError(error, doing: "calling the portal")
        }
        return reply
    }

    /// Waits until the monotonic time `deadline` for a signal `interface.member` on object
    /// `path` sent by `sender` (a unique name: a signal from anyone else is dropped, so no other
    /// peer can answer for the portal).
    /// - Returns: The signal (the caller releases it), or `nil` when none came in time or the
    ///   connection closed.
    func waitForSignal(sender: String, path: String, interface: String, member: String, until deadline: Duration) -> OpaquePointer? {
        while true {
            while let message = dbus_connection_pop_message(raw) {
                if dbus_message_is_signal(message, interface, member) != 0, Self.text(dbus_message_get_path(message)) == path,
                    Self.text(dbus_message_get_sender(message)) == sender
                {
                    return message
                }
                dbus_message_unref(message)
            }
            // After a disconnection the loop drains what was read, then gives up here.
            let remaining = deadline - Sys.monotonicNow()
            guard remaining > .zero, dbus_connection_get_is_connected(raw) != 0 else { return nil }
            _ = dbus_connection_read_write(raw, Int32(clamping: max(1, Sys.milliseconds(remaining))))
        }
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
}

/// Why a portal request failed: the D-Bus error's name and message, and what was being done.
struct PortalError: Error, CustomStringConvertible {
    /// The D-Bus error name, e.g. `org.freedesktop.DBus.Error.ServiceUnknown`.
    let name: String
    /// The error's message.
    let message: String
    /// What failed, for people.
    let doing: String

    init(_ error: DBusError, doing: String) {
        name = error.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed"
        message = error.message.map { String(cString: $0) } ?? "failed"
        self.doing = doing
    }

    init(name: String, message: String, doing: String) {
        self.name = name
        self.message = message
        self.doing = doing
    }

    var description: String { "\(doing): \(name): \(message)" }
}
