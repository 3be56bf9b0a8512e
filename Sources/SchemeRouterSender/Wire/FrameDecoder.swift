/// Cuts a byte stream into frames, checking each header as soon as its bytes arrive.
///
/// The size cap is enforced from the header alone: a frame announcing more than
/// ``WakeProtocol/maximumPayloadLength`` bytes is refused before any of its payload is
/// buffered, so a decoder never holds more than one header and one capped payload.
///
/// ```swift
/// var decoder = FrameDecoder(accepting: [.verdict, .error])
/// decoder.append(bytes)
/// while let frame = try decoder.next() { … }
/// ```
public struct FrameDecoder: Sendable {
    /// The frame types this side accepts; any other type is ``WireError/unexpectedType(_:)``.
    public let accepted: [FrameType]
    private var buffer: [UInt8] = []
    private var start = 0

    /// Creates a decoder.
    /// - Parameter accepted: The frame types the receiver accepts.
    public init(accepting accepted: [FrameType]) {
        self.accepted = accepted
    }

    /// Bytes received but not yet returned as a frame.
    public var bufferedCount: Int { buffer.count - start }

    /// Whether the stream currently stops inside a frame.
    public var isInsideFrame: Bool { bufferedCount > 0 }

    /// The bytes of memory the decoder's buffer holds (its capacity).
    public var storageBytes: Int { buffer.capacity }

    /// Adds received bytes.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        prepare(adding: bytes.count)
        buffer.append(contentsOf: bytes)
    }

    /// Adds received bytes.
    public mutating func append(_ bytes: some Collection<UInt8>) {
        prepare(adding: bytes.count)
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, `nil` when more bytes are needed.
    /// - Throws: ``WireError`` as soon as the buffered bytes cannot start a valid frame; the
    ///   decoder is then unusable (close the connection).
    public mutating func next() throws(WireError) -> Frame? {
        let available = bufferedCount
        guard available > 0 else { return nil }
        try checkHeaderPrefix(available: available)
        guard available >= WakeProtocol.headerLength else { return nil }
        let length = Int(payloadLength)
        let total = WakeProtocol.headerLength + length
        guard available >= total else { return nil }
        let type = FrameType(rawValue: buffer[start + 3])!
        let version = buffer[start + 2]
        let payloadStart = start + WakeProtocol.headerLength
        let payload = Array(buffer[payloadStart..<(payloadStart + length)])
        start += total
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1024)
            start = 0
        }
        return Frame(type: type, payload: payload, version: version)
    }

    /// Reports the stream's end: throws ``WireError/truncated(received:expected:)`` when it
    /// stops inside a frame.
    public func finish() throws(WireError) {
        let available = bufferedCount
        guard available > 0 else { return }
        let expected =
            available >= WakeProtocol.headerLength
            ? WakeProtocol.headerLength + Int(payloadLength) : WakeProtocol.headerLength
        throw .truncated(received: available, expected: expected)
    }

    /// Checks every header byte that has arrived.
    private func checkHeaderPrefix(available: Int) throws(WireError) {
        let magic = [WakeProtocol.magic0, WakeProtocol.magic1]
        for index in 0..<min(2, available) where buffer[start + index] != magic[index] {
            throw .badMagic(offset: index, byte: buffer[start + index])
        }
        if available > 2, !WakeProtocol.supportedVersions.contains(buffer[start + 2]) {
            throw .unsupportedVersion(buffer[start + 2])
        }
        if available > 3 {
            let raw = buffer[start + 3]
            guard let type = FrameType(rawValue: raw), accepted.contains(type) else {
                throw .unexpectedType(raw)
            }
        }
        if available >= WakeProtocol.headerLength, payloadLength > UInt32(WakeProtocol.maximumPayloadLength) {
            throw .frameTooLarge(length: payloadLength)
        }
    }

    /// The payload length in the buffered header (which must be complete).
    private var payloadLength: UInt32 {
        var length: UInt32 = 0
        for index in 4..<8 { length = length << 8 | UInt32(buffer[start + index]) }
        return length
    }

    /// Makes room for `count` more bytes: drops consumed bytes once they are most of the
    /// buffer, and grows the buffer geometrically but, once the current frame's header is in,
    /// never past that frame's end (a client dribbling a large frame byte by byte causes a
    /// handful of allocations, and a frame never costs more than its own size).
    private mutating func prepare(adding count: Int) {
        if start > 0, start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        let needed = buffer.count + count
        guard needed > buffer.capacity else { return }
        var target = max(needed, 2 * buffer.capacity, 256)
        if bufferedCount >= WakeProtocol.headerLength, payloadLength <= UInt32(WakeProtocol.maximumPayloadLength) {
            target = max(needed, min(target, start + WakeProtocol.headerLength + Int(payloadLength)))
        }
        buffer.reserveCapacity(target)
    }
}
