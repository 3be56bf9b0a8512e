/// Everything `status` learned about one document type an app claims: which app opens such
/// files by default, and which other apps claim them.
public struct DocumentTypeStatus: Sendable, Hashable {
    /// The MIME type.
    public let mimeType: String
    /// The app that claims it (its registered desktop file).
    public let expected: DesktopFileID
    /// Whether the app owns it (rank Owner: `register` made it the default).
    public let owned: Bool
    /// Whether the app's MIME package defines it (`UTExportedTypeDeclarations`).
    public let defined: Bool
    /// Whether the MIME database knows the type (else no file is ever recognised as it).
    public let known: Bool
    /// The default handler by the specification's lookup, and why.
    public let defaultHandler: DefaultHandler?
    /// The other installed desktop files that claim the type.
    public let rivals: [InstalledDesktopFile]
    /// What `xdg-mime query default` answered (`nil` when it is not installed or failed).
    public let xdgMimeDefault: String?
    /// The problems found, errors first.
    public let problems: [Problem]

    /// Whether nothing is an error.
    public var isHealthy: Bool { !problems.contains { $0.severity == .error } }
}
