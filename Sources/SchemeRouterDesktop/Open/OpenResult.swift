public import SchemeRouterLifecycle
public import SchemeRouterPlatform

/// The outcome of ``URLOpener/open(_:options:)`` and ``URLOpener/openFile(_:options:)``: the
/// verdict, and how the URL or file travelled.
public struct OpenResult: Sendable, Hashable {
    /// How the URL reached the handler.
    public enum Route: String, Sendable, Hashable {
        /// Not sent (malformed URL, or no handler).
        case none
        /// Straight over the running app's socket (the fast path).
        case woken
        /// By starting the handler's `Exec` with the URL as one argument.
        case launched
        /// Through the desktop's OpenURI portal, from inside a Flatpak sandbox: the portal found
        /// and started the handler (or did not: see the verdict).
        case portal
    }

    /// What became of the URL.
    public let verdict: DeliveryVerdict
    /// The handler that received it, if one was found.
    public let handler: DefaultHandler?
    /// How it got there.
    public let route: Route
    /// A file's MIME type, by its name (``URLOpener/openFile(_:options:)``; `nil` for a URL, or a
    /// file of no known type).
    public internal(set) var mimeType: String? = nil
    /// Why a file was refused before any app was asked (the verdict is then `rejected` with its code).
    public internal(set) var fileError: DocumentFileError? = nil

    init(verdict: DeliveryVerdict, handler: DefaultHandler?, route: Route) {
        self.verdict = verdict
        self.handler = handler
        self.route = route
    }
}
