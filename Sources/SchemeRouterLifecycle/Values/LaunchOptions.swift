public import SchemeRouter

/// Why the app is being launched: the counterpart of UIKit's launch-options dictionary.
///
/// The delegate receives the same value in
/// ``ApplicationDelegate/willFinishLaunching(options:)`` and
/// ``ApplicationDelegate/didFinishLaunching(options:)``; when ``url`` is set and both return
/// `true`, ``ApplicationDelegate/open(_:options:)`` receives it with ``OpenOptions`` built from
/// ``sourceApplication`` and ``annotation``.
public struct LaunchOptions: Sendable, Hashable {
    /// The URL the app was launched to open, if any.
    public var url: SchemeURL?
    /// The app that sent ``url``, if known.
    public var sourceApplication: SourceApplication?
    /// Free-form data the sender attached to ``url``.
    public var annotation: String?
    /// The activation token the launching process was started with (`XDG_ACTIVATION_TOKEN` or
    /// `DESKTOP_STARTUP_ID`), for the first window the app presents. The runtime removes it
    /// from the environment, so the running app never reuses it for a later window.
    public var activationToken: String?
    /// Why the app was launched.
    public var reason: LaunchReason

    /// Creates launch options; all fields default to `nil` (a plain launch).
    /// - Parameters:
    ///   - url: The URL to open after launching.
    ///   - sourceApplication: The app that sent the URL.
    ///   - annotation: Data the sender attached.
    ///   - activationToken: The desktop's activation token.
    ///   - reason: Why the app launches; by default ``LaunchReason/url`` when `url` is set,
    ///     else ``LaunchReason/plain``.
    public init(
        url: SchemeURL? = nil, sourceApplication: SourceApplication? = nil, annotation: String? = nil,
        activationToken: String? = nil, reason: LaunchReason? = nil
    ) {
        self.url = url
        self.sourceApplication = sourceApplication
        self.annotation = annotation
        self.activationToken = activationToken
        self.reason = reason ?? (url == nil ? .plain : .url)
    }
}
