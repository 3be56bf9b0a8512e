public import SchemeRouter

/// One URL for a scene, already routed and read as the app's request, with what came with it:
/// the counterpart of `UIOpenURLContext`.
public struct SceneURLContext<Request: AppRequest>: Sendable {
    /// The URL as received, already validated by the strict parser.
    public var url: SchemeURL
    /// The name of the route it matched.
    public var routeName: String
    /// The URL read as the app's request.
    public var request: Request
    /// Who sent it, and what they attached (with ``OpenOptions/url`` set).
    public var options: OpenOptions

    /// Creates a context.
    /// - Parameters:
    ///   - url: The URL as received.
    ///   - routeName: The route it matched.
    ///   - request: The URL read as the app's request.
    ///   - options: Who sent it, and what they attached; its ``OpenOptions/url`` becomes `url`.
    public init(url: SchemeURL, routeName: String, request: Request, options: OpenOptions = OpenOptions()) {
        self.url = url
        self.routeName = routeName
        self.request = request
        var options = options
        options.url = url
        self.options = options
    }
}
