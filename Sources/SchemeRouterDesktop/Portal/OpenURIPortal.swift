internal import CDBus
internal import Glibc
internal import SchemeRouterPlatform
internal import SchemeRouterLifecycle

/// How an app inside a Flatpak sandbox opens a URL: `org.freedesktop.portal.OpenURI.OpenURI` on
/// the session bus. The sandbox cannot see the host's handlers or start them; the portal
/// (outside) finds the handler, asks the user when it must (a scheme several apps claim, or
/// `ask`), and starts it, passing the activation token on as `XDG_ACTIVATION_TOKEN`.
///
/// The call returns a request object; the portal's `Response` signal on it says how the request
/// ended: 0 a handler was started, 1 the user dismissed the chooser, 2 anything else (no handler,
/// a failed launch: the portal does not say which). So the verdict is at best
/// `DeliveryVerdict/delivered` (started, no verdict exists: what the handler did is not the
/// portal's to know), else `DeliveryVerdict/notOpened(_:)`.
enum OpenURIPortal {
    /// The portal frontend's bus name, object and interface.
    static let destination = "org.freedesktop.portal.Desktop"
    static let objectPath = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.OpenURI"
    /// The interface of the request object whose `Response` ends the request.
    static let requestInterface = "org.freedesktop.portal.Request"

    /// Opens `url` through the portal on the bus at `busAddress`, waiting at most `timeout` for the
    /// portal to say how it ended.
    /// - Parameters:
    ///   - activationToken: The token for the window the URL presents (option `activation_token`).
    ///   - ask: Ask the portal to let the user choose the app even when one is the default (option `ask`).
    static func open(
        _ url: String, activationToken: String?, ask: Bool, timeout: Duration, busAddress: String?
    ) -> DeliveryVerdict {
        request("OpenURI", [.string(""), .string(url)], opening: url, activationToken: activationToken, ask: ask, timeout: timeout,
            busAddress: busAddress)
    }

    /// Opens the file `descriptor` names (`OpenFile`, which takes the file as a descriptor, `h`:
    /// the portal finds the file's path on the host from it, and refuses one the host cannot see),
    /// as ``open(_:activationToken:ask:timeout:busAddress:)`` does a URL. `path` is for messages.
    static func openFile(
        descriptor: Int32, path: String, activationToken: String?, ask: Bool, timeout: Duration, busAddress: String?
    ) -> DeliveryVerdict {
        request("OpenFile", [.string(""), .fileDescriptor(descriptor)], opening: path, activationToken: activationToken, ask: ask,
            timeout: timeout, busAddress: busAddress)
    }

    /// Calls `method` of the OpenURI interface with `arguments` and the options, then waits for
    /// the request's `Response`.
    private static func request(
        _ method: String, _ arguments: [PortalValue], opening subject: String, activationToken: String?, ask: Bool, timeout: Duration,
        busAddress: String?
    ) -> DeliveryVerdict {
        guard let busAddress, !busAddress.isEmpty else {
            return .notOpened("there is no session bus (DBUS_SESSION_BUS_ADDRESS is not set), so the OpenURI portal cannot be asked")
        }
        let deadline = Sys.monotonicNow() + timeout
        do throws(PortalError) {
            let connection = try PortalConnection(address: busAddress)
            // The handle the portal will use (its documented rule), subscribed to before the
            // call so that a fast Response cannot be missed.
            let token = "schemerouter_" + String(UInt64.random(in: 1...UInt64.max), radix: 16)
            let expected = requestPath(sender: connection.uniqueName, token: token)
            try connection.addMatch(matchRule(path: expected))
            guard let message = dbus_message_new_method_call(destination, objectPath, interface, method) else {
                return .notOpened("out of memory building the \(method) call")
            }
            defer { dbus_message_unref(message) }
            var options: [(String, PortalValue)] = [("handle_token", .string(token))]
            if let activationToken { options.append(("activation_token", .string(activationToken))) }
            if ask { options.append(("ask", .boolean(true))) }
            guard PortalValue.append(arguments, options: options, to: message) else {
                return .notOpened("\(subject) cannot be sent over D-Bus (not valid UTF-8, or the bus takes no file descriptors)")
            }
            let reply = try connection.call(message, timeout: max(deadline - Sys.monotonicNow(), .milliseconds(1)))
            defer { dbus_message_unref(reply) }
            guard let handle = PortalValue.objectPath(of: reply), let portal = dbus_message_get_sender(reply).map({ String(cString: $0) })
            else { return .notOpened("the OpenURI portal answered without a request handle") }
            // A portal older than handle_token (0.9) picks its own handle.
            if handle != expected { try connection.addMatch(matchRule(path: handle)) }
            guard let signal = connection.waitForSignal(
                sender: portal, path: handle, interface: requestInterface, member: "Response", until: deadline)
            else {
                return .noAnswer("the OpenURI portal did not say within \(timeout) whether it opened \(subject)")
            }
            defer { dbus_message_unref(signal) }
            return verdict(response: PortalValue.firstUInt32(of: signal))
        } catch {
            return .notOpened("the OpenURI portal could not be asked: \(error)")
        }
    }

    /// The verdict for a `Response` code.
    static func verdict(response: UInt32?) -> DeliveryVerdict {
        switch response {
        case 0: .delivered
        case 1: .notOpened("the user dismissed the portal's application chooser")
        default: .notOpened("the OpenURI portal did not open it: no application handles it, or the one chosen could not be started (the portal does not say which)")
        }
    }

    /// `/org/freedesktop/portal/desktop/request/SENDER/TOKEN`, SENDER the unique name without
    /// its `:` and with `.` as `_` (the portal's Request documentation).
    static func requestPath(sender: String, token: String) -> String {
        let caller = sender.drop { $0 == ":" }.replacing(".", with: "_")
        return "\(objectPath)/request/\(caller)/\(token)"
    }

    private static func matchRule(path: String) -> String {
        "type='signal',interface='\(requestInterface)',member='Response',path='\(path)'"
    }
}

/// The few D-Bus values a portal call needs: building `(ssa{sv})` or `(sha{sv})` and reading `o` and `u`.
enum PortalValue {
    case string(String)
    case boolean(Bool)
    /// A file descriptor (`h`): libdbus sends a duplicate, the caller keeps and closes its own.
    case fileDescriptor(Int32)

    private static let typeString = Int32(UInt8(ascii: "s"))
    private static let typeBoolean = Int32(UInt8(ascii: "b"))
    private static let typeObjectPath = Int32(UInt8(ascii: "o"))
    private static let typeUInt32 = Int32(UInt8(ascii: "u"))
    private static let typeArray = Int32(UInt8(ascii: "a"))
    private static let typeVariant = Int32(UInt8(ascii: "v"))
    private static let typeDictEntry = Int32(UInt8(ascii: "e"))
    private static let typeUnixFD = Int32(UInt8(ascii: "h"))

    /// Appends the arguments, then the options as `a{sv}`. `false` when libdbus refuses a value
    /// (a string that is not valid UTF-8, a descriptor it cannot duplicate or a connection that
    /// cannot pass one) or runs out of memory.
    static func append(_ arguments: [PortalValue], options: [(String, PortalValue)], to message: OpaquePointer) -> Bool {
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(message, &iterator)
        for argument in arguments where !argument.append(to: &iterator) { return false }
        var array = DBusMessageIter()
        guard dbus_message_iter_open_container(&iterator, typeArray, "{sv}", &array) != 0 else { return false }
        for (key, value) in options {
            var entry = DBusMessageIter()
            var variant = DBusMessageIter()
            guard dbus_message_iter_open_container(&array, typeDictEntry, nil, &entry) != 0, appendString(key, to: &entry),
                dbus_message_iter_open_container(&entry, typeVariant, value.signature, &variant) != 0, value.append(to: &variant),
                dbus_message_iter_close_container(&entry, &variant) != 0, dbus_message_iter_close_container(&array, &entry) != 0
            else { return false }
        }
        return dbus_message_iter_close_container(&iterator, &array) != 0
    }

    /// The value's D-Bus type.
    private var signature: String {
        switch self {
        case .string: "s"
        case .boolean: "b"
        case .fileDescriptor: "h"
        }
    }

    private func append(to iterator: inout DBusMessageIter) -> Bool {
        switch self {
        case .string(let text):
            return Self.appendString(text, to: &iterator)
        case .boolean(let flag):
            var raw: dbus_bool_t = flag ? 1 : 0
            return dbus_message_iter_append_basic(&iterator, Self.typeBoolean, &raw) != 0
        case .fileDescriptor(var descriptor):
            return dbus_message_iter_append_basic(&iterator, Self.typeUnixFD, &descriptor) != 0
        }
    }

    private static func appendString(_ string: String, to iterator: inout DBusMessageIter) -> Bool {
        // libdbus aborts the process on invalid UTF-8 in a string: check first.
        guard dbus_validate_utf8(string, nil) != 0 else { return false }
        return string.withCString { text in
            var pointer: UnsafePointer<CChar>? = text
            return dbus_message_iter_append_basic(&iterator, typeString, &pointer) != 0
        }
    }

    /// The first argument of `message` when it is an object path.
    static func objectPath(of message: OpaquePointer) -> String? {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(message, &iterator) != 0, dbus_message_iter_get_arg_type(&iterator) == typeObjectPath else {
            return nil
        }
        var pointer: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iterator, &pointer)
        return pointer.map { String(cString: $0) }
    }

    /// The first argument of `message` when it is a `u`.
    static func firstUInt32(of message: OpaquePointer) -> UInt32? {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(message, &iterator) != 0, dbus_message_iter_get_arg_type(&iterator) == typeUInt32 else {
            return nil
        }
        var value: UInt32 = 0
        dbus_message_iter_get_basic(&iterator, &value)
        return value
    }
}
