/// One URL for a scene, with what came with it: the counterpart of `UIOpenURLContext`.
public struct SceneURLContext: Sendable, Hashable {
    /// The URL, already validated by the strict parser.
    public var url: SchemeURL
    /// Who sent it, and what they attached.
    public var options: OpenOptions

    /// Pairs a URL with its options.
    /// - Parameters:
    ///   - url: The URL.
    ///   - options: Who sent it, and what they attached.
    public init(url: SchemeURL, options: OpenOptions = OpenOptions()) {
        self.url = url
        self.options = options
    }
}
