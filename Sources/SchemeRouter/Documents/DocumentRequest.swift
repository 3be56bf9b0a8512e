/// A file handed to the app, as `open` receives it: the generated request type's `.document` case.
///
/// The runtime builds it before any hook runs, after checking the file (it exists, is a regular
/// file this user may read, its path resolves without a loop) and matching its name to one of
/// the manifest's ``DocumentType``s; the app opens the file itself, at ``path``.
///
/// ```swift
/// case .document(let document):   // document.url: file:///home/ana/Groceries.note
///     let text = try String(contentsOfFile: document.path)   // or the platform's own reader
/// ```
public struct DocumentRequest: Sendable, Hashable {
    /// The file's canonical URL: `file://` and its absolute path with every symbolic link, `.` and
    /// `..` resolved, percent-encoded (``FileURL``).
    public let url: SchemeURL
    /// The file's canonical absolute path.
    public let path: String
    /// The `CFBundleTypeName` of the document type its name matched.
    public let typeName: String
    /// The MIME type the match stands for: the defined type whose extension matched, else the
    /// document type's first MIME type (`nil` when it lists none).
    public let mimeType: MIMEType?
    /// The document type's `CFBundleTypeRole`.
    public let role: DocumentRole

    /// Creates a document request (the runtime makes them; tests may too).
    public init(url: SchemeURL, path: String, typeName: String, mimeType: MIMEType?, role: DocumentRole) {
        self.url = url
        self.path = path
        self.typeName = typeName
        self.mimeType = mimeType
        self.role = role
    }

    /// The file's name, the last component of ``path``.
    public var fileName: Substring { path.split(separator: "/").last ?? "" }
}
