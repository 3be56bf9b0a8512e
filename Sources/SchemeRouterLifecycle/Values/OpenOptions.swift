public import SchemeRouter

/// What comes with a request handed to ``ApplicationDelegate/open(_:options:)``: the URL as
/// received, and the counterpart of UIKit's `sourceApplication` and `annotation` parameters.
public struct OpenOptions: Sendable, Hashable {
    /// The URL exactly as received (the request was read from it). The ``LifecycleController``
    /// sets it for every `open`.
    public var url: SchemeURL?
    /// The app that sent the URL, if known.
    public var sourceApplication: SourceApplication?
    /// Free-form data the sender attached to the URL.
    public var annotation: String?
    /// The desktop's activation token the sender was started with (`XDG_ACTIVATION_TOKEN` on
    /// Wayland, `DESKTOP_STARTUP_ID` on X11): hand it to the window the URL presents so the
    /// desktop lets that window take focus. Valid once, for this URL only.
    public var activationToken: String?

    /// Creates open options; every field defaults to `nil`.
    /// - Parameters:
    ///   - url: The URL as received.
    ///   - sourceApplication: The app that sent the URL.
    ///   - annotation: Data the sender attached.
    ///   - activationToken: The sender's activation token.
    public init(
        url: SchemeURL? = nil, sourceApplication: SourceApplication? = nil, annotation: String? = nil,
        activationToken: String? = nil
    ) {
        self.url = url
        self.sourceApplication = sourceApplication
        self.annotation = annotation
        self.activationToken = activationToken
    }

    /// The options `open` receives for the URL of a launch.
    init(_ launch: LaunchOptions) {
        self.init(
            url: launch.url, sourceApplication: launch.sourceApplication, annotation: launch.annotation,
            activationToken: launch.activationToken)
    }
}
