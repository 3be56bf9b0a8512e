extension SchemeDeclaration {
    /// The document types the app opens (`CFBundleDocumentTypes`), in manifest order.
    public var documentTypes: [DocumentType] { manifest.documentTypes }

    /// Whether the app opens files at all.
    public var opensDocuments: Bool { !manifest.documentTypes.isEmpty }

    /// The extensions a file of `type` may have: its own, then those of the MIME types it lists
    /// that the app defines (``ExportedTypeDeclaration``).
    public func fileExtensions(of type: DocumentType) -> [FileExtension] {
        var result = type.extensions
        for mimeType in type.mimeTypes {
            for declaration in manifest.exportedTypes where declaration.identifier == mimeType {
                result += declaration.extensions.filter { !result.contains($0) }
            }
        }
        return result
    }

    /// The document type a file called `name` is of, by its extension (ignoring case), and the
    /// MIME type the match stands for; `nil` when it is of none. Only the name decides.
    public func documentType(forFileName name: some StringProtocol) -> (type: DocumentType, mimeType: MIMEType?)? {
        documents.match(fileName: name).map { (manifest.documentTypes[$0.type], $0.mimeType) }
    }

    /// The request for the file a `file:` URL names, by its name's document type.
    ///
    /// The core does no file I/O: the runtime checks the file and resolves its path first
    /// (`resolvedPath`). The type is that of the name in `url` (a symbolic link's own name, as
    /// the sender saw it), else of the resolved path's name; the request's URL is the resolved
    /// path's one spelling (``FileURL/url(forPath:)``).
    /// - Parameters:
    ///   - url: The file's URL as received (its offsets are the errors').
    ///   - resolvedPath: The file's canonical path; by default the path `url` names.
    /// - Throws: ``RouteError/invalidFileURL(reason:offset:)`` or
    ///   ``RouteError/undeclaredDocumentType(fileName:offset:declared:)``.
    public func document(at url: SchemeURL, resolvedPath: String? = nil) throws(RouteError) -> DocumentRequest {
        let (sentPath, pathOffset) = try FileURL.path(of: url)
        let path = resolvedPath ?? sentPath
        let sentName = Self.lastComponent(of: sentPath)
        guard let found = documents.match(fileName: sentName) ?? documents.match(fileName: Self.lastComponent(of: path)) else {
            let rawPath = url.path.raw.utf8
            let nameStart = rawPath.lastIndex(of: UInt8(ascii: "/")).map { rawPath.distance(from: rawPath.startIndex, to: $0) + 1 } ?? 0
            throw .undeclaredDocumentType(fileName: String(sentName), offset: pathOffset + nameStart, declared: documents.summaries)
        }
        let type = manifest.documentTypes[found.type]
        let canonical = FileURL.text(forPath: path)
        return DocumentRequest(
            url: canonical == url.text ? url : FileURL.url(forPath: path), path: path, typeName: type.name, mimeType: found.mimeType,
            role: type.role)
    }

    private static func lastComponent(of path: String) -> Substring {
        path.split(separator: "/").last ?? ""
    }
}
