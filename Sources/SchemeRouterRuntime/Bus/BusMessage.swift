internal import CSchemeRouterLinux
internal import CSDBus
internal import Glibc

/// A received method call (`sd_bus_message`), held with a reference until it is answered, and
/// the non-variadic sd-bus calls that read its arguments and answer it. Used on the main
/// thread only, like the connection it came from.
final class BusMessage {
    /// The message; referenced for this object's life.
    let raw: OpaquePointer

    init(_ raw: OpaquePointer) {
        self.raw = sd_bus_message_ref(raw)
    }

    deinit {
        sd_bus_message_unref(raw)
    }

    /// The interface, member and signature of the call.
    var interface: String? { sd_bus_message_get_interface(raw).map { String(cString: $0) } }
    var member: String? { sd_bus_message_get_member(raw).map { String(cString: $0) } }
    var signature: String { sd_bus_message_get_signature(raw, 1).map { String(cString: $0) } ?? "" }
    /// The caller's unique name (`:1.42`).
    var sender: String? { sd_bus_message_get_sender(raw).map { String(cString: $0) } }

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
        var pointer: UnsafePointer<CChar>?
        guard sd_bus_message_read_basic(raw, Self.code("s"), &pointer) > 0, let pointer else { return nil }
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
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        guard sd_bus_message_peek_type(raw, &type, &contents) > 0, let contents else { return nil }
        if String(cString: contents) == "s", enter(.variant, "s") {
            let string = readString()
            _ = exit()
            return string
        }
        _ = sd_bus_message_skip(raw, "v")
        return nil
    }

    /// Reads an `av` whose elements are each one basic value: the values as text with their type.
    func readVariants() -> [BusValue]? {
        guard enter(.array, "v") else { return nil }
        var values: [BusValue] = []
        while true {
            var type: CChar = 0
            var contents: UnsafePointer<CChar>?
            let peeked = sd_bus_message_peek_type(raw, &type, &contents)
            guard peeked > 0, let contents else { break }
            let signature = String(cString: contents)
            guard let value = readBasicVariant(signature) else { return nil }
            values.append(value)
        }
        return exit() ? values : nil
    }

    private func readBasicVariant(_ signature: String) -> BusValue? {
        guard enter(.variant, signature) else { return nil }
        defer { _ = exit() }
        switch signature {
        case "s": return readString().map { .string(String(decoding: $0, as: UTF8.self)) }
        case "b":
            var value: Int32 = 0
            return sd_bus_message_read_basic(raw, Self.code("b"), &value) > 0 ? .bool(value != 0) : nil
        case "i":
            var value: Int32 = 0
            return sd_bus_message_read_basic(raw, Self.code("i"), &value) > 0 ? .int(Int64(value)) : nil
        case "x":
            var value: Int64 = 0
            return sd_bus_message_read_basic(raw, Self.code("x"), &value) > 0 ? .int(value) : nil
        case "u":
            var value: UInt32 = 0
            return sd_bus_message_read_basic(raw, Self.code("u"), &value) > 0 ? .int(Int64(value)) : nil
        default:
            _ = sd_bus_message_skip(raw, signature)
            return .unsupported(signature)
        }
    }

    private enum Container: UInt8 {
        case array = 0x61  // a
        case dictEntry = 0x65  // e
        case variant = 0x76  // v
    }

    private func enter(_ container: Container, _ contents: String) -> Bool {
        sd_bus_message_enter_container(raw, CChar(bitPattern: container.rawValue), contents) > 0
    }

    private func exit() -> Bool {
        sd_bus_message_exit_container(raw) >= 0
    }

    private static func code(_ letter: Unicode.Scalar) -> CChar { CChar(bitPattern: UInt8(ascii: letter)) }

    // MARK: Answering

    /// Replies with no values.
    func replyEmpty() {
        var reply: OpaquePointer?
        guard sd_bus_message_new_method_return(raw, &reply) >= 0, let reply else { return }
        _ = sd_bus_send(nil, reply, nil)
        sd_bus_message_unref(reply)
    }

    /// Replies with one string (introspection data).
    func reply(string: String) {
        var reply: OpaquePointer?
        guard sd_bus_message_new_method_return(raw, &reply) >= 0, let reply else { return }
        if sd_bus_message_append_basic(reply, Self.code("s"), string) >= 0 {
            _ = sd_bus_send(nil, reply, nil)
        }
        sd_bus_message_unref(reply)
    }

    /// Replies with an error.
    func reply(error name: String, message: String) {
        var error = schemerouter_bus_error_null()
        _ = sd_bus_error_set(&error, name, message)
        _ = sd_bus_reply_method_error(raw, &error)
        sd_bus_error_free(&error)
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
