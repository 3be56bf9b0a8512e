public import SchemeRouter

/// Everything `status` learned about one scheme.
public struct SchemeStatus: Sendable, Hashable {
    /// The scheme.
    public let scheme: SchemeName
    /// `x-scheme-handler/<scheme>`.
    public var mimeType: String { HandlerDesktopFile.mimeType(for: scheme) }
    /// The SchemeRouter app expected to handle it (the one asked about, or the one registered), if any.
    public let expected: DesktopFileID?
    /// The default handler by the specification's lookup, and why.
    public let defaultHandler: DefaultHandler?
    /// Every installed desktop file that claims the scheme in its `MimeType`.
    public let claimants: [InstalledDesktopFile]
    /// What `xdg-mime query default` answered (`nil` when it is not installed or failed).
    public let xdgMimeDefault: String?
    /// The problems found, errors first.
    public let problems: [Problem]

    /// Whether nothing is an error.
    public var isHealthy: Bool { !problems.contains { $0.severity == .error } }
}
