/// One URL for a scene, already routed and read as the app's request, with what came with it:
/// the counterpart of `UIOpenURLContext`.
public struct SceneURLContext: Sendable {
    /// The URL as received, already validated by the strict parser.
    public var url: SchemeURL
    /// The name of the route it matched.
    public var routeName: String
    /// The URL read as the app's ``ApplicationDelegate/Request`` type; read it with ``request(as:)``.
    public var request: any AppRequest
    /// Who sent it, and what they attached.
    public var options: OpenOptions

    /// Pairs a routed URL with its options.
    /// - Parameters:
    ///   - routed: The URL, routed and read as the app's request.
    ///   - options: Who sent it, and what they attached.
    public init(_ routed: RoutedURL, options: OpenOptions = OpenOptions()) {
        url = routed.url
        routeName = routed.routeName
        request = routed.request
        var options = options
        options.url = routed.url
        self.options = options
    }

    /// The request as the app's own type, or `nil` when it is another type.
    public func request<Request: AppRequest>(as type: Request.Type = Request.self) -> Request? {
        request as? Request
    }
}
