import SchemeRouter

/// What every `--json` output of schemectl is: a `Codable` type whose first field is the format's
/// `version` (1), as argument-parser's `ToolInfoV0` carries `serializationVersion`. A consumer
/// checks `version` before reading the rest; a change that renames or removes a field raises it.
protocol JSONOutput: Encodable {
    /// The format's version: 1.
    var version: Int { get }
}

extension JSONOutput {
    /// The object as one line of JSON, fields in declaration order, `nil` written as `null`.
    var jsonText: String {
        let encoder = JSONValueEncoder()
        do {
            try self.encode(to: encoder)
        } catch {
            preconditionFailure("schemectl's output types encode without failing: \(error)")
        }
        return encoder.storage.value.text
    }

    /// Prints ``jsonText`` on standard output.
    func printJSON() { print(jsonText) }
}

/// An `Encoder` onto the core's `JSONValue`, which keeps fields in the order they are encoded and
/// prints the project's one JSON style; optional fields are written as `null`, never left out,
/// so every output has the same fields every time.
final class JSONValueEncoder: Encoder {
    /// A value under construction: containers hand their children a box and read it back.
    final class Box {
        var value: JSONValue = .null
    }

    let storage: Box
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    init(storage: Box = Box()) { self.storage = storage }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = storage.value {} else { storage.value = .object([]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(storage: storage))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = storage.value {} else { storage.value = .array([]) }
        return UnkeyedContainer(storage: storage)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(storage: storage) }

    /// The JSON of one value: scalars directly, anything else through its own `encode(to:)`.
    static func value<T: Encodable>(_ value: T) throws -> JSONValue {
        switch value {
        case let text as String: return .string(text)
        case let number as Int: return .int(number)
        case let flag as Bool: return .bool(flag)
        case let number as Double: return .double(number)
        case let json as JSONValue: return json
        default:
            let encoder = JSONValueEncoder()
            try value.encode(to: encoder)
            return encoder.storage.value
        }
    }

    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let storage: Box
        var codingPath: [any CodingKey] = []

        private func append(_ key: Key, _ value: JSONValue) {
            guard case .object(var pairs) = storage.value else { return }
            pairs.append((key.stringValue, value))
            storage.value = .object(pairs)
        }

        mutating func encodeNil(forKey key: Key) throws { append(key, .null) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { append(key, try JSONValueEncoder.value(value)) }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            if let value { append(key, try JSONValueEncoder.value(value)) } else { append(key, .null) }
        }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { append(key, value.map(JSONValue.string) ?? .null) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { append(key, value.map(JSONValue.int) ?? .null) }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { append(key, value.map(JSONValue.bool) ?? .null) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { append(key, value.map(JSONValue.double) ?? .null) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            preconditionFailure("schemectl's output types encode nested values as values")
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            preconditionFailure("schemectl's output types encode nested values as values")
        }
        mutating func superEncoder() -> any Encoder { preconditionFailure("no class hierarchies in outputs") }
        mutating func superEncoder(forKey key: Key) -> any Encoder { preconditionFailure("no class hierarchies in outputs") }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let storage: Box
        var codingPath: [any CodingKey] = []
        var count: Int {
            guard case .array(let items) = storage.value else { return 0 }
            return items.count
        }

        private func append(_ value: JSONValue) {
            guard case .array(var items) = storage.value else { return }
            items.append(value)
            storage.value = .array(items)
        }

        mutating func encodeNil() throws { append(.null) }
        mutating func encode<T: Encodable>(_ value: T) throws { append(try JSONValueEncoder.value(value)) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            preconditionFailure("schemectl's output types encode nested values as values")
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            preconditionFailure("schemectl's output types encode nested values as values")
        }
        mutating func superEncoder() -> any Encoder { preconditionFailure("no class hierarchies in outputs") }
    }

    struct SingleContainer: SingleValueEncodingContainer {
        let storage: Box
        var codingPath: [any CodingKey] = []
        mutating func encodeNil() throws { storage.value = .null }
        mutating func encode<T: Encodable>(_ value: T) throws { storage.value = try JSONValueEncoder.value(value) }
    }
}
