/// A `receipt` frame (version 2): the primary's loop read the request and will carry it out.
///
/// | tag | field | value |
/// |---|---|---|
/// | 1 | request | 4 bytes: the request's number |
///
/// The primary sends it the moment it reads a version-2 request, before any hook runs, and
/// carries the request out only if the receipt reached the sender's socket: a sender that gave
/// up has shut its socket down, so the write fails and the request is dropped undelivered.
public struct ReceiptMessage: Sendable, Hashable {
    /// The request acknowledged.
    public var request: UInt32

    /// Creates a receipt.
    public init(request: UInt32) {
        self.request = request
    }

    /// Parses a `receipt` frame's payload.
    public init(payload: [UInt8]) throws(WireError) {
        let fields = try FieldList(decoding: payload, known: 1...1)
        request = try fields.uint32(1, "request")
    }

    /// The frame.
    public var frame: Frame {
        var fields = FieldList()
        fields.set(1, uint32: request)
        return Frame(type: .receipt, payload: fields.encoded)
    }
}
