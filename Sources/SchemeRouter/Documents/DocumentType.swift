/// A kind of file the app opens, from the manifest's `CFBundleDocumentTypes` (the Info.plist key
/// of the same name): files of the type reach the app's `open` as a ``DocumentRequest``.
///
/// ```json
/// "CFBundleDocumentTypes": [{"CFBundleTypeName": "Note", "CFBundleTypeRole": "Editor",
///   "LSHandlerRank": "Owner", "CFBundleTypeMIMETypes": ["application/x-notes-note"]}]
/// ```
///
/// A file is of the type when its name ends in one of ``extensions``, or in an extension of a
/// type the app defines (``ExportedTypeDeclaration``) whose MIME type the document type lists.
/// The file's contents are never read to decide it.
public struct DocumentType: Sendable, Hashable {
    /// `CFBundleTypeName`: what the type is called (in messages, and the request's ``DocumentRequest/typeName``).
    public var name: String
    /// `CFBundleTypeRole`: whether the app edits or only views these files.
    public var role: DocumentRole
    /// `LSHandlerRank`: how strongly the app claims the type on the desktop (``HandlerRank/default`` when absent).
    public var rank: HandlerRank
    /// `CFBundleTypeMIMETypes`: the types the desktop hands the app files of (its desktop file's `MimeType=`).
    public var mimeTypes: [MIMEType]
    /// `CFBundleTypeExtensions`: file-name extensions of the type, besides those of the MIME types the app defines.
    public var extensions: [FileExtension]

    /// Creates a document type (``SchemeDeclaration`` checks it against the rest of the manifest).
    public init(
        name: String, role: DocumentRole, rank: HandlerRank = .default, mimeTypes: [MIMEType] = [], extensions: [FileExtension] = []
    ) {
        self.name = name
        self.role = role
        self.rank = rank
        self.mimeTypes = mimeTypes
        self.extensions = extensions
    }
}

/// `CFBundleTypeRole`: what the app does with a document type's files.
public enum DocumentRole: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The app reads and writes the files.
    case editor = "Editor"
    /// The app only reads them.
    case viewer = "Viewer"

    /// `Editor` or `Viewer`.
    public var description: String { rawValue }
}

/// `LSHandlerRank`: how an app claims a document type among the desktop's apps.
///
/// | rank | registration |
/// |---|---|
/// | `Owner` | listed in the desktop file's `MimeType=` and made the default in `mimeapps.list` |
/// | `Default`, `Alternate` | listed in `MimeType=`: one of the apps the desktop offers; the user's default is left alone |
/// | `None` | not listed: the desktop never offers the app, yet it opens such files when handed them directly |
public enum HandlerRank: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The app created the type and is its default handler.
    case owner = "Owner"
    /// The app is a good handler of the type.
    case `default` = "Default"
    /// The app can open the type, as a second choice.
    case alternate = "Alternate"
    /// The app opens the type only when asked directly.
    case none = "None"

    /// Whether the desktop should offer the app for the type (its desktop file's `MimeType=`).
    public var isAdvertised: Bool { self != .none }

    /// `Owner`, `Default`, `Alternate` or `None`.
    public var description: String { rawValue }
}
