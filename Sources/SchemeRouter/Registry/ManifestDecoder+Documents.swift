/// The manifest's document types (`CFBundleDocumentTypes`) and the file types the app defines
/// (`UTExportedTypeDeclarations`): each value checked on its own here, the whole in
/// ``DocumentTypeTable``.
extension ManifestDecoder {
    static let documentTypeKeys = ["CFBundleTypeName", "CFBundleTypeRole", "LSHandlerRank", "CFBundleTypeMIMETypes", "CFBundleTypeExtensions"]
    static let exportedTypeKeys = ["UTTypeIdentifier", "UTTypeDescription", "UTTypeConformsTo", "UTTypeTagSpecification"]
    static let tagSpecificationKeys = ["public.filename-extension"]

    func documentType(_ node: JSONNode, at path: ManifestKeyPath) throws(ManifestError) -> DocumentType {
        let type = try object(node, at: path, allowed: Self.documentTypeKeys)
        return DocumentType(
            name: try required("CFBundleTypeName", of: type, string),
            role: try required("CFBundleTypeRole", of: type, choice("a document role")),
            rank: try optional("LSHandlerRank", of: type, choice("a handler rank")) ?? .default,
            mimeTypes: try optional("CFBundleTypeMIMETypes", of: type, uniqueElements(parsed(MIMEType.init))) ?? [],
            extensions: try optional("CFBundleTypeExtensions", of: type, uniqueElements(parsed(FileExtension.init))) ?? [])
    }

    func exportedType(_ node: JSONNode, at path: ManifestKeyPath) throws(ManifestError) -> ExportedTypeDeclaration {
        let declaration = try object(node, at: path, allowed: Self.exportedTypeKeys)
        let identifier = try required("UTTypeIdentifier", of: declaration, parsed(MIMEType.init))
        let description = try required("UTTypeDescription", of: declaration, string)
        let conformsTo = try optional("UTTypeConformsTo", of: declaration, uniqueElements(parsed(MIMEType.init))) ?? []
        let tags = try required("UTTypeTagSpecification", of: declaration) { node, path throws(ManifestError) in
            try object(node, at: path, allowed: Self.tagSpecificationKeys)
        }
        return ExportedTypeDeclaration(
            identifier: identifier, typeDescription: description, conformsTo: conformsTo,
            extensions: try required("public.filename-extension", of: tags, uniqueElements(parsed(FileExtension.init))))
    }

    /// An array whose elements are each read by `read`, none equal to an earlier one.
    func uniqueElements<T: Equatable & CustomStringConvertible>(_ read: @escaping Read<T>) -> Read<[T]> {
        { node, path throws(ManifestError) in
            let values = try elements(read)(node, path)
            for (index, value) in values.enumerated() {
                if let first = values.firstIndex(of: value), first < index {
                    throw invalid(path.appending(index: index), "'\(value)' is already listed at [\(first)] (compared ignoring case)")
                }
            }
            return values
        }
    }
}
