/// A file type the app defines, from the manifest's `UTExportedTypeDeclarations`: registration
/// writes it into a shared-mime-info package (`$XDG_DATA_HOME/mime/packages/<app>.xml`), so the
/// desktop recognises such files by name and offers the app for them.
///
/// ```json
/// "UTExportedTypeDeclarations": [{"UTTypeIdentifier": "application/x-notes-note",
///   "UTTypeDescription": "Note", "UTTypeConformsTo": ["text/plain"],
///   "UTTypeTagSpecification": {"public.filename-extension": ["note"]}}]
/// ```
///
/// Apple's keys, with one difference: where Apple names a type by a UTI, a SchemeRouter manifest
/// names it by its MIME type (``identifier``, ``conformsTo``), which is what the Linux desktop uses.
public struct ExportedTypeDeclaration: Sendable, Hashable {
    /// `UTTypeIdentifier`: the type's MIME type, in the vendor (`vnd.`), personal (`prs.`) or `x-` tree.
    public var identifier: MIMEType
    /// `UTTypeDescription`: the type's name for people (the package's `<comment>`).
    public var typeDescription: String
    /// `UTTypeConformsTo`: its parent types (the package's `<sub-class-of>`), such as `text/plain`.
    public var conformsTo: [MIMEType]
    /// `UTTypeTagSpecification`'s `public.filename-extension`: the extensions it is recognised by (`<glob pattern="*.note"/>`).
    public var extensions: [FileExtension]

    /// Creates a declaration (``SchemeDeclaration`` checks it against the rest of the manifest).
    public init(identifier: MIMEType, typeDescription: String, conformsTo: [MIMEType] = [], extensions: [FileExtension]) {
        self.identifier = identifier
        self.typeDescription = typeDescription
        self.conformsTo = conformsTo
        self.extensions = extensions
    }
}
