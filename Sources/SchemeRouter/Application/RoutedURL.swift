/// A URL routed and read as the app's ``AppRequest``, ready for `open`.
public struct RoutedURL: Sendable {
    /// The URL as received.
    public let url: SchemeURL
    /// The name of the route it matched (for a file: its document type's `CFBundleTypeName`).
    public let routeName: String
    /// The app's request, of the type the ``AppRouter`` was made for.
    public let request: any AppRequest

    /// Pairs a URL with its request.
    public init(url: SchemeURL, routeName: String, request: any AppRequest) {
        self.url = url
        self.routeName = routeName
        self.request = request
    }
}
