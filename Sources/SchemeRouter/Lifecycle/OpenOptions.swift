/// What comes with a URL handed to ``ApplicationDelegate/open(_:options:)``: the counterpart
/// of UIKit's `sourceApplication` and `annotation` parameters.
///
/// The URL itself is the first argument of `open`, so it is not repeated here.
public struct OpenOptions: Sendable, Hashable {
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
    ///   - sourceApplication: The app that sent the URL.
    ///   - annotation: Data the sender attached.
    ///   - activationToken: The sender's activation token.
    public init(sourceApplication: SourceApplication? = nil, annotation: String? = nil, activationToken: String? = nil) {
        self.sourceApplication = sourceApplication
        self.annotation = annotation
        self.activationToken = activationToken
    }

    /// The options `open` receives for the URL of a launch.
    init(_ launch: LaunchOptions) {
        self.init(
            sourceApplication: launch.sourceApplication, annotation: launch.annotation,
            activationToken: launch.activationToken)
    }
}
