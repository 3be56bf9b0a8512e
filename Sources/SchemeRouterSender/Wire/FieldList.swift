/// The payload encoding of every frame: a list of fields, each `tag` (1 byte), `length`
/// (unsigned 32-bit big-endian) and `length` bytes of value.
///
/// Decoding is strict: a tag the frame type does not define, a tag given twice, a field that
/// runs past the payload, a missing required field, a number of the wrong width and text that
/// is not UTF-8 are all ``WireError/malformed(offset:reason:)`` with the offset of the fault.
public struct FieldList: Sendable, Hashable {
    /// One field: its tag, its value and where the value starts within the frame.
    package struct Field: Sendable, Hashable {
        package var tag: UInt8
        package var value: ArraySlice<UInt8>
        package var offset: Int
    }

    /// The fields in order. A frame has a handful, so a linear search beats hashing (and a
    /// dictionary's first use costs a sender measurable startup time).
    private var fields: [Field] = []

    /// An empty list, to encode.
    public init() {}

    /// Parses a payload.
    /// - Parameters:
    ///   - payload: The frame's payload.
    ///   - known: The tags the frame type defines.
    public init(decoding payload: [UInt8], known: some Collection<UInt8>) throws(WireError) {
        var index = 0
        while index < payload.count {
            let fieldOffset = WakeProtocol.headerLength + index
            guard payload.count - index >= 5 else {
                throw .malformed(offset: fieldOffset, reason: "a field header needs 5 bytes, \(payload.count - index) remain")
            }
            let tag = payload[index]
            guard known.contains(tag) else {
                throw .malformed(offset: fieldOffset, reason: "unknown field tag \(tag)")
            }
            guard field(tag) == nil else {
                throw .malformed(offset: fieldOffset, reason: "field tag \(tag) given twice")
            }
            var length = 0
            for byte in payload[(index + 1)..<(index + 5)] { length = length << 8 | Int(byte) }
            let valueStart = index + 5
            guard length <= payload.count - valueStart else {
                throw .malformed(
                    offset: fieldOffset + 1,
                    reason: "field tag \(tag) announces \(length) bytes, \(payload.count - valueStart) remain")
            }
            fields.append(
                Field(tag: tag, value: payload[valueStart..<(valueStart + length)], offset: WakeProtocol.headerLength + valueStart))
            index = valueStart + length
        }
    }

    /// The encoded payload, fields in the order they were set.
    public var encoded: [UInt8] {
        var bytes: [UInt8] = []
        for field in fields {
            let value = field.value
            bytes.append(field.tag)
            let length = UInt32(value.count)
            bytes.append(UInt8(truncatingIfNeeded: length >> 24))
            bytes.append(UInt8(truncatingIfNeeded: length >> 16))
            bytes.append(UInt8(truncatingIfNeeded: length >> 8))
            bytes.append(UInt8(truncatingIfNeeded: length))
            bytes.append(contentsOf: value)
        }
        return bytes
    }

    // MARK: Encoding

    /// Sets a field to raw bytes.
    public mutating func set(_ tag: UInt8, bytes: some Collection<UInt8>) {
        let field = Field(tag: tag, value: ArraySlice(bytes), offset: 0)
        if let index = fields.firstIndex(where: { $0.tag == tag }) {
            fields[index] = field
        } else {
            fields.append(field)
        }
    }

    /// The field with `tag`, if present.
    private func field(_ tag: UInt8) -> Field? {
        fields.first { $0.tag == tag }
    }

    /// Sets a field to UTF-8 text.
    public mutating func set(_ tag: UInt8, text: String) {
        set(tag, bytes: Array(text.utf8))
    }

    /// Sets a field to a 4-byte big-endian number.
    public mutating func set(_ tag: UInt8, uint32 value: UInt32) {
        set(tag, bytes: [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
                         UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)])
    }

    /// Sets a field to one byte.
    public mutating func set(_ tag: UInt8, byte value: UInt8) {
        set(tag, bytes: [value])
    }

    // MARK: Decoding

    /// Whether the field is present.
    public func contains(_ tag: UInt8) -> Bool { field(tag) != nil }

    /// The field's raw bytes, `nil` when absent.
    public func bytes(_ tag: UInt8) -> ArraySlice<UInt8>? { field(tag)?.value }

    /// A required field's raw bytes.
    public func requiredBytes(_ tag: UInt8, _ name: String) throws(WireError) -> ArraySlice<UInt8> {
        guard let field = field(tag) else {
            throw .malformed(offset: WakeProtocol.headerLength, reason: "required field \(name) (tag \(tag)) is missing")
        }
        return field.value
    }

    /// An optional text field, which must be valid UTF-8 of at most `maximum` bytes.
    public func text(_ tag: UInt8, _ name: String, maximum: Int) throws(WireError) -> String? {
        guard let field = field(tag) else { return nil }
        guard field.value.count <= maximum else {
            throw .malformed(offset: field.offset, reason: "\(name) is \(field.value.count) bytes; the limit is \(maximum)")
        }
        var iterator = field.value.makeIterator()
        var decoder = UTF8()
        var scalars = String.UnicodeScalarView()
        var position = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                position += UTF8.width(scalar)
            case .emptyInput:
                return String(scalars)
            case .error:
                throw .malformed(offset: field.offset + position, reason: "\(name) is not valid UTF-8")
            }
        }
    }

    /// A required 4-byte big-endian number.
    public func uint32(_ tag: UInt8, _ name: String) throws(WireError) -> UInt32 {
        guard let value = try optionalUInt32(tag, name) else {
            throw .malformed(offset: WakeProtocol.headerLength, reason: "required field \(name) (tag \(tag)) is missing")
        }
        return value
    }

    /// An optional 4-byte big-endian number.
    public func optionalUInt32(_ tag: UInt8, _ name: String) throws(WireError) -> UInt32? {
        guard let field = field(tag) else { return nil }
        guard field.value.count == 4 else {
            throw .malformed(offset: field.offset, reason: "\(name) must be 4 bytes, not \(field.value.count)")
        }
        return field.value.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    /// A required one-byte field.
    public func byte(_ tag: UInt8, _ name: String) throws(WireError) -> UInt8 {
        guard let field = field(tag) else {
            throw .malformed(offset: WakeProtocol.headerLength, reason: "required field \(name) (tag \(tag)) is missing")
        }
        guard field.value.count == 1 else {
            throw .malformed(offset: field.offset, reason: "\(name) must be 1 byte, not \(field.value.count)")
        }
        return field.value.first!
    }

    /// The offset within the frame of a present field's value.
    package func offset(of tag: UInt8) -> Int? { field(tag)?.offset }
}
