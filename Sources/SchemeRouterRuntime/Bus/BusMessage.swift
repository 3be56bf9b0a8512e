internal import CDBus
internal import Glibc
internal import SchemeRouterSender

/// A received message (`DBusMessage`), held with a reference until it is answered, read with
/// `DBusMessageIter`s and answered on the connection it came from. Used on the main thread
/// only, like that connection.
final class BusMessage {
    /// The message; referenced for this object's life.
    let raw: OpaquePointer
    /// The connection replies go out on (referenced; sending on a closed one does nothing).
    private let connection: OpaquePointer?
    /// The reading position: the innermost container's iterator last.
    private var iterators: [DBusMessageIter]

    init(_ raw: OpaquePointer, on connection: OpaquePointer?) {
        self.raw = dbus_message_ref(raw)
        self.connection = connection.map { dbus_connection_ref($0) }
        var iterator = DBusMessageIter()
        _ = dbus_message_iter_init(raw, &iterator)
        iterators = [iterator]
    }

    /// Takes over a message whose reference the caller owns (a reply stolen from a pending call).
    convenience init(adopting raw: OpaquePointer) {
        self.init(raw, on: nil)
        dbus_message_unref(raw)
    }

    deinit {
        dbus_message_unref(raw)
        if let connection { dbus_connection_unref(connection) }
    }

    /// The interface, member and signature of the call.
    var interface: String? { dbus_message_get_interface(raw).map { String(cString: $0) } }
    var member: String? { dbus_message_get_member(raw).map { String(cString: $0) } }
    var signature: String { dbus_message_get_signature(raw).map { String(cString: $0) } ?? "" }
    /// The caller's unique name (`:1.42`).
    var sender: String? { dbus_message_get_sender(raw).map { String(cString: $0) } }

    // MARK: Reading

    /// Reads an `as`: each string's exact bytes.
    func readStringArray() -> [[UInt8]]? {
        guard enter(.array, "s") else { return nil }
        var strings: [[UInt8]] = []
        while let string = readString() { strings.append(string) }
        return exit() ? strings : nil
    }

    /// Reads one `s` (`nil` at the end of the enclosing container).
    func readString() -> [UInt8]? {
        guard currentType == Self.code("s") else { return nil }
        var pointer: UnsafePointer<CChar>?
        withCurrent { dbus_message_iter_get_basic(&$0, &pointer) }
        advance()
        guard let pointer else { return nil }
        return Array(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
    }

    /// Reads an `a{sv}`, keeping the string values (other values are skipped).
    func readPlatformData() -> [String: String]? {
        guard enter(.array, "{sv}") else { return nil }
        var values: [String: String] = [:]
        while enter(.dictEntry, "sv") {
            guard let key = readString() else { return nil }
            if let value = readVariantString() {
                values[String(decoding: key, as: UTF8.self)] = String(decoding: value, as: UTF8.self)
            }
            guard exit() else { return nil }
        }
        return exit() ? values : nil
    }

    /// Reads a `v`: its string when it holds an `s`, otherwise skips it and returns `nil`.
    func readVariantString() -> [UInt8]? {
        guard enter(.variant, nil) else { return nil }
        let string = currentType == Self.code("s") ? readString() : nil
        _ = exit()
        return string
    }

    /// Reads an `av` whose elements are each one basic value: the values as text with their type.
    func readVariants() -> [BusValue]? {
        guard enter(.array, "v") else { return nil }
        var values: [BusValue] = []
        while currentType == Int32(Container.variant.rawValue) {
            guard let value = readBasicVariant() else { return nil }
            values.append(value)
        }
        return exit() ? values : nil
    }

    private func readBasicVariant() -> BusValue? {
        guard enter(.variant, nil) else { return nil }
        defer { _ = exit() }
        let signature = withCurrent { iterator -> String in
            guard let text = dbus_message_iter_get_signature(&iterator) else { return "" }
            defer { dbus_free(text) }
            return String(cString: text)
        }
        switch signature {
        case "s": return readString().map { .string(String(decoding: $0, as: UTF8.self)) }
        case "b": return readBasic(UInt32.self).map { .bool($0 != 0) }
        case "i": return readBasic(Int32.self).map { .int(Int64($0)) }
        case "x": return readBasic(Int64.self).map { .int($0) }
        case "u": return readBasic(UInt32.self).map { .int(Int64($0)) }
        default: return .unsupported(signature)
        }
    }

    /// Reads one fixed-size basic value at the current position.
    private func readBasic<Value: FixedWidthInteger>(_ type: Value.Type) -> Value? {
        guard dbus_type_is_fixed(currentType) != 0 else { return nil }
        var value: Value = 0
        withCurrent { dbus_message_iter_get_basic(&$0, &value) }
        advance()
        return value
    }

    /// A GetConnectionCredentials reply: `UnixUserID` and `ProcessID`, or the error it carries.
    func credentials() -> Result<(uid: uid_t, pid: pid_t?), BusError> {
        if dbus_message_get_type(raw) == DBUS_MESSAGE_TYPE_ERROR {
            let name = dbus_message_get_error_name(raw).map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed"
            let text = readString().map { String(decoding: $0, as: UTF8.self) } ?? name
            return .failure(BusError(call: "GetConnectionCredentials", name: name, message: text))
        }
        var numbers: [String: UInt32] = [:]
        if signature == "a{sv}", enter(.array, "{sv}") {
            while enter(.dictEntry, "sv") {
                guard let key = readString() else { break }
                if enter(.variant, nil) {
                    if currentType == Self.code("u"), let value = readBasic(UInt32.self) {
                        numbers[String(decoding: key, as: UTF8.self)] = value
                    }
                    _ = exit()
                }
                _ = exit()
            }
            _ = exit()
        }
        guard let uid = numbers["UnixUserID"] else {
            return .failure(BusError(call: "GetConnectionCredentials", name: "org.freedesktop.DBus.Error.Failed", message: "no UnixUserID"))
        }
        return .success((uid: uid_t(uid), pid: numbers["ProcessID"].map { pid_t(bitPattern: $0) }))
    }

    private enum Container: UInt8 {
        case array = 0x61  // a
        case dictEntry = 0x65  // e
        case variant = 0x76  // v
    }

    private var currentType: Int32 { withCurrent { dbus_message_iter_get_arg_type(&$0) } }

    private func withCurrent<Result>(_ body: (inout DBusMessageIter) -> Result) -> Result {
        body(&iterators[iterators.count - 1])
    }

    private func advance() {
        withCurrent { _ = dbus_message_iter_next(&$0) }
    }

    /// Steps into the container at the current position when it is one and, for an array, holds `contents`.
    private func enter(_ container: Container, _ contents: String?) -> Bool {
        guard currentType == Int32(container.rawValue) else { return false }
        if container == .array, let contents {
            let element = withCurrent { iterator -> String in
                guard let text = dbus_message_iter_get_signature(&iterator) else { return "" }
                defer { dbus_free(text) }
                return String(cString: text)
            }
            guard element == "a" + contents else { return false }
        }
        var inner = DBusMessageIter()
        withCurrent { dbus_message_iter_recurse(&$0, &inner) }
        iterators.append(inner)
        return true
    }

    /// Steps out of the current container, past it.
    private func exit() -> Bool {
        guard iterators.count > 1 else { return false }
        iterators.removeLast()
        advance()
        return true
    }

    private static func code(_ letter: Unicode.Scalar) -> Int32 { Int32(UInt8(ascii: letter)) }

    // MARK: Answering

    /// Appends one `s` to a message being built.
    static func append(string: String, to message: OpaquePointer) -> Bool {
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(message, &iterator)
        return string.withCString { text in
            var pointer: UnsafePointer<CChar>? = text
            return dbus_message_iter_append_basic(&iterator, code("s"), &pointer) != 0
        }
    }

    /// Sends a reply built for this call (none when the caller asked for none).
    private func send(_ reply: OpaquePointer?) {
        guard let reply else { return }
        defer { dbus_message_unref(reply) }
        guard let connection, dbus_message_get_no_reply(raw) == 0 else { return }
        _ = dbus_connection_send(connection, reply, nil)
    }

    /// Replies with no values.
    func replyEmpty() {
        send(dbus_message_new_method_return(raw))
    }

    /// Replies with one string (introspection data).
    func reply(string: String) {
        guard let reply = dbus_message_new_method_return(raw) else { return }
        guard Self.append(string: string, to: reply) else {
            dbus_message_unref(reply)
            return
        }
        send(reply)
    }

    /// Replies with an error.
    func reply(error name: String, message: String) {
        send(dbus_message_new_error(raw, name, message))
    }
}

/// One value of an `ActivateAction` parameter.
enum BusValue: Equatable, Sendable {
    case string(String)
    case bool(Bool)
    case int(Int64)
    /// A type actions do not take (its signature).
    case unsupported(String)
}
