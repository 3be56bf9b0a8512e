/// What a frame carries. Client frames have the high bit clear, primary frames have it set.
public enum FrameType: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Client → primary: a URL to open (``OpenRequest``).
    case open = 0x01
    /// Client → primary: a lifecycle control command (``ControlRequest``).
    case control = 0x02
    /// Primary → client: the verdict for one ``open`` request (``VerdictMessage``).
    case verdict = 0x81
    /// Primary → client: the answer to one ``control`` request (``ControlReplyMessage``).
    case controlReply = 0x82
    /// Primary → client (version 2): the primary's loop has read one request and will carry it
    /// out (``ReceiptMessage``). A request is never delivered unless its receipt reached the
    /// sender's socket.
    case receipt = 0x83
    /// Primary → client (version 2): the primary did not take this connection (at its connection
    /// limit, or out of descriptors) and closes it; nothing sent on it was read, so the request
    /// was not delivered and may be sent again (``BusyMessage``).
    case busy = 0x84
    /// Primary → client: the connection is being closed, and why (``ErrorMessage``). Every
    /// request on the connection that has not been answered yet is not answered.
    case error = 0xE0

    /// The type's name in the protocol document, e.g. `open`.
    public var description: String {
        switch self {
        case .open: "open"
        case .control: "control"
        case .verdict: "verdict"
        case .controlReply: "controlReply"
        case .receipt: "receipt"
        case .busy: "busy"
        case .error: "error"
        }
    }
}
