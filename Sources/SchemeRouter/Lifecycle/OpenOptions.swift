/// What comes with a URL handed to ``ApplicationDelegate/open(_:options:)``: the counterpart
/// of UIKit's `sourceApplication` and `annotation` parameters.
///
/// The URL itself is the first argument of `open`, so it is not repeated here.
public struct OpenOptions: Sendable, Hashable {
    /// The app that sent the URL, if known.
    public var sourceApplication: SourceApplication?
    /// Free-form data the sender attached to the URL.
    public var annotation: String?

    /// Creates open options; both fields default to `nil`.
    /// - Parameters:
    ///   - sourceApplication: The app that sent the URL.
    ///   - annotation: Data the sender attached.
    public init(sourceApplication: SourceApplication? = nil, annotation: String? = nil) {
        self.sourceApplication = sourceApplication
        self.annotation = annotation
    }

    /// The options `open` receives for the URL of a launch.
    init(_ launch: LaunchOptions) {
        self.init(sourceApplication: launch.sourceApplication, annotation: launch.annotation)
    }
}
