/// A `busy` frame (version 2): the primary sheds this connection without reading from it, and
/// closes it.
///
/// | tag | field | value |
/// |---|---|---|
/// | 1 | retryAfter | 4 bytes: milliseconds the sender should wait before it connects again (a hint) |
/// | 2 | cause | 1 byte, a ``BusyCause``: `1` connection limit, `2` descriptor limit (`EMFILE`), `3` the system's file table (`ENFILE`) |
/// | 3 | message | optional UTF-8 ≤ 8192 bytes: a sentence for people |
///
/// The primary sends it only on a connection it has read nothing from, so the request the sender
/// wrote was not delivered and never will be: the sender may send it again.
public struct BusyMessage: Sendable, Hashable {
    /// How long the sender should wait before it tries again.
    public var retryAfter: Duration
    /// Why the primary is shedding load.
    public var cause: BusyCause
    /// A sentence for people.
    public var message: String?

    /// Creates a message.
    public init(retryAfter: Duration, cause: BusyCause, message: String? = nil) {
        self.retryAfter = retryAfter
        self.cause = cause
        self.message = message
    }

    /// Parses a `busy` frame's payload. An unknown cause is kept (a newer primary's causes
    /// still mean "not delivered, try again").
    public init(payload: [UInt8]) throws(WireError) {
        let fields = try FieldList(decoding: payload, known: 1...3)
        retryAfter = .milliseconds(try fields.uint32(1, "retryAfter"))
        cause = BusyCause(rawValue: try fields.byte(2, "cause"))
        message = try fields.text(3, "message", maximum: 8192)
    }

    /// The frame.
    public var frame: Frame {
        var fields = FieldList()
        let (seconds, attoseconds) = retryAfter.components
        let milliseconds = max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        fields.set(1, uint32: UInt32(clamping: milliseconds))
        fields.set(2, byte: cause.rawValue)
        if let message { fields.set(3, text: VerdictMessage.clip(message)) }
        return Frame(type: .busy, payload: fields.encoded)
    }
}

/// Why a primary answered `busy` (``BusyMessage/cause``). New causes may be added; an unknown one
/// still means the request was not delivered.
public struct BusyCause: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The byte on the wire.
    public let rawValue: UInt8

    /// Wraps a cause byte.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 1: the primary serves its maximum number of connections (`SCHEMEROUTER_MAX_CONNECTIONS`,
    /// capped by the descriptor limit).
    public static let connectionLimit = BusyCause(rawValue: 1)
    /// 2: `accept` failed with `EMFILE`: the process's descriptor limit is reached.
    public static let descriptorLimit = BusyCause(rawValue: 2)
    /// 3: `accept` failed with `ENFILE`: the system's file table is full.
    public static let systemDescriptorLimit = BusyCause(rawValue: 3)

    /// `connectionLimit`, `descriptorLimit`, `systemDescriptorLimit`, or `cause N`.
    public var description: String {
        switch rawValue {
        case 1: "connectionLimit"
        case 2: "descriptorLimit"
        case 3: "systemDescriptorLimit"
        default: "cause \(rawValue)"
        }
    }
}
