/// An `open` frame: a URL for the app, exactly as the sender got it.
///
/// | tag | field | value |
/// |---|---|---|
/// | 1 | request | 4 bytes: the client's number for this request, echoed in the verdict |
/// | 2 | url | the URL's raw bytes (not repaired: invalid UTF-8 stays, so rejections carry true offsets) |
/// | 3 | sourceApplication | optional UTF-8, ≤ 1024 bytes: who the sender *claims* to be |
/// | 4 | annotation | optional UTF-8, ≤ 60,000 bytes: free-form data for `open` |
/// | 5 | activationToken | optional UTF-8, ≤ 4096 bytes: the sender's `XDG_ACTIVATION_TOKEN` or `DESKTOP_STARTUP_ID` |
/// | 8 | requestID | optional UTF-8, 1–128 bytes: the sender's id for the request, kept across its retries; the primary answers a repeated id with the first verdict instead of delivering again |
///
/// Senders set tag 5 only when they have a token; a primary that predates tags 5 and 8 answers
/// the version-2 frame that carries them with `error(unsupportedVersion)` (exit 76).
public struct OpenRequest: Sendable, Hashable {
    /// The client's request number.
    public var request: UInt32
    /// The URL's bytes.
    public var url: [UInt8]
    /// The sender's claimed name, if it gave one.
    public var sourceApplication: String?
    /// Data for `open`'s options.
    public var annotation: String?
    /// The desktop's activation token the sender was started with.
    public var activationToken: String?
    /// The sender's id for this request, the same on every retry (``RequestID``).
    public var requestID: String?

    /// The longest activation token (``ActivationToken/maximumLength``, the same for the D-Bus door).
    public static let maximumActivationTokenLength = ActivationToken.maximumLength
    /// The longest claimed source-application name.
    public static let maximumSourceApplicationLength = 1024
    /// The longest annotation.
    public static let maximumAnnotationLength = 60_000
    /// The longest request id.
    public static let maximumRequestIDLength = 128

    /// Creates a request.
    public init(
        request: UInt32, url: [UInt8], sourceApplication: String? = nil, annotation: String? = nil,
        activationToken: String? = nil, requestID: String? = nil
    ) {
        self.request = request
        self.url = url
        self.sourceApplication = sourceApplication
        self.annotation = annotation
        self.activationToken = activationToken
        self.requestID = requestID
    }

    /// Parses an `open` frame's payload.
    public init(payload: [UInt8]) throws(WireError) {
        let fields = try FieldList(decoding: payload, known: [1, 2, 3, 4, 5, 8])
        request = try fields.uint32(1, "request")
        url = Array(try fields.requiredBytes(2, "url"))
        sourceApplication = try fields.text(3, "sourceApplication", maximum: Self.maximumSourceApplicationLength)
        annotation = try fields.text(4, "annotation", maximum: Self.maximumAnnotationLength)
        activationToken = try fields.text(5, "activationToken", maximum: Self.maximumActivationTokenLength)
        requestID = try fields.text(8, "requestID", maximum: Self.maximumRequestIDLength)
        if requestID?.isEmpty == true {
            throw .malformed(offset: fields.offset(of: 8) ?? WakeProtocol.headerLength, reason: "requestID is empty")
        }
    }

    /// The frame (version 1, no receipt), or `nil` when the fields do not fit in one.
    public var frame: Frame? { frame(version: 1) }

    /// The frame in `version` (2 asks for a receipt), or `nil` when the fields do not fit in one.
    public func frame(version: UInt8) -> Frame? {
        var fields = FieldList()
        fields.set(1, uint32: request)
        fields.set(2, bytes: url)
        if let sourceApplication { fields.set(3, text: sourceApplication) }
        if let annotation { fields.set(4, text: annotation) }
        if let activationToken { fields.set(5, text: activationToken) }
        if let requestID { fields.set(8, text: requestID) }
        let payload = fields.encoded
        guard payload.count <= WakeProtocol.maximumPayloadLength else { return nil }
        return Frame(type: .open, payload: payload, version: version)
    }
}
