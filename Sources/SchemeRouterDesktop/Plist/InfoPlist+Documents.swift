internal import SchemeRouter

extension InfoPlist {
    /// `CFBundleDocumentTypes` in a property list.
    struct DocumentTypeEntry: Codable {
        var CFBundleTypeName: String?
        var CFBundleTypeRole: String?
        var LSHandlerRank: String?
        var CFBundleTypeMIMETypes: [String]?
        var CFBundleTypeExtensions: [String]?
        /// Apple's UTIs of the type (import only).
        var LSItemContentTypes: [String]?

        init(_ type: DocumentType) {
            CFBundleTypeName = type.name
            CFBundleTypeRole = type.role.rawValue
            LSHandlerRank = type.rank.rawValue
            CFBundleTypeMIMETypes = type.mimeTypes.isEmpty ? nil : type.mimeTypes.map(\.rawValue)
            CFBundleTypeExtensions = type.extensions.isEmpty ? nil : type.extensions.map(\.rawValue)
        }
    }

    /// `UTExportedTypeDeclarations` or `UTImportedTypeDeclarations` in a property list.
    struct TypeDeclarationEntry: Codable {
        var UTTypeIdentifier: String?
        var UTTypeDescription: String?
        var UTTypeConformsTo: [String]?
        var UTTypeTagSpecification: Tags?

        struct Tags: Codable {
            var extensions: TagValues?
            var mimeTypes: TagValues?

            enum CodingKeys: String, CodingKey {
                case extensions = "public.filename-extension"
                case mimeTypes = "public.mime-type"
            }
        }

        init(_ declaration: ExportedTypeDeclaration) {
            UTTypeIdentifier = declaration.identifier.rawValue
            UTTypeDescription = declaration.typeDescription
            UTTypeConformsTo = declaration.conformsTo.isEmpty ? nil : declaration.conformsTo.map(\.rawValue)
            UTTypeTagSpecification = Tags(
                extensions: TagValues(values: declaration.extensions.map(\.rawValue)), mimeTypes: TagValues(values: [declaration.identifier.rawValue]))
        }
    }

    /// A tag specification's value: Apple allows one string or an array of them.
    struct TagValues: Codable {
        var values: [String]

        init(values: [String]) { self.values = values }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let one = try? container.decode(String.self) {
                values = [one]
            } else {
                values = try container.decode([String].self)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(values)
        }
    }

    /// How an `Info.plist`'s document types become a manifest's: Apple names a type by a UTI
    /// (`com.example.note`), the Linux desktop by its MIME type.
    ///
    /// - A declaration's MIME type is its `UTTypeIdentifier` when that is one (what `plist export`
    ///   writes), else the first `public.mime-type` of its `UTTypeTagSpecification`; its extensions
    ///   are `public.filename-extension`.
    /// - A UTI in `LSItemContentTypes` or `UTTypeConformsTo` becomes the MIME type of the plist's own
    ///   declaration of it (exported or imported), or of a well-known public type
    ///   (`public.plain-text` is `text/plain`, …); `public.data`, `public.content` and
    ///   `public.item` are every file's parents and are left out. Any other UTI is an error naming
    ///   its key path: nothing is dropped silently.
    struct DocumentTypes {
        let file: String
        let exported: [TypeDeclarationEntry]
        let imported: [TypeDeclarationEntry]

        /// UTIs every file conforms to: no MIME type stands for them.
        static let universal: Set<String> = ["public.data", "public.content", "public.item", "public.composite-content"]
        /// Well-known public UTIs and their MIME types.
        static let publicTypes: [String: String] = [
            "public.text": "text/plain", "public.plain-text": "text/plain", "public.utf8-plain-text": "text/plain",
            "public.json": "application/json", "public.xml": "application/xml", "public.html": "text/html",
            "public.png": "image/png", "public.jpeg": "image/jpeg", "com.compuserve.gif": "image/gif", "public.svg-image": "image/svg+xml",
            "com.adobe.pdf": "application/pdf", "public.zip-archive": "application/zip", "public.comma-separated-values-text": "text/csv",
            "net.daringfireball.markdown": "text/markdown", "public.rtf": "application/rtf",
        ]

        func exportedTypes() throws(InfoPlistError) -> [ExportedTypeDeclaration] {
            var result: [ExportedTypeDeclaration] = []
            for (index, entry) in exported.enumerated() {
                let path = "UTExportedTypeDeclarations[\(index)]"
                let identifier = try mimeType(of: entry, at: path)
                guard let description = entry.UTTypeDescription else { throw .missingKey(file: file, keyPath: path + ".UTTypeDescription") }
                var conformsTo: [MIMEType] = []
                for (position, uti) in (entry.UTTypeConformsTo ?? []).enumerated() {
                    if let parent = try resolve(uti, at: "\(path).UTTypeConformsTo[\(position)]"), !conformsTo.contains(parent) {
                        conformsTo.append(parent)
                    }
                }
                var extensions: [FileExtension] = []
                for (position, text) in (entry.UTTypeTagSpecification?.extensions?.values ?? []).enumerated() {
                    let fileExtension = try parsed(text, at: "\(path).UTTypeTagSpecification.public.filename-extension[\(position)]", FileExtension.init)
                    if !extensions.contains(fileExtension) { extensions.append(fileExtension) }
                }
                result.append(ExportedTypeDeclaration(identifier: identifier, typeDescription: description, conformsTo: conformsTo, extensions: extensions))
            }
            return result
        }

        func documentTypes(_ entries: [DocumentTypeEntry]) throws(InfoPlistError) -> [DocumentType] {
            var result: [DocumentType] = []
            for (index, entry) in entries.enumerated() {
                let path = "CFBundleDocumentTypes[\(index)]"
                guard let name = entry.CFBundleTypeName else { throw .missingKey(file: file, keyPath: path + ".CFBundleTypeName") }
                guard let roleText = entry.CFBundleTypeRole else { throw .missingKey(file: file, keyPath: path + ".CFBundleTypeRole") }
                guard let role = DocumentRole(rawValue: roleText) else {
                    throw .invalidValue(
                        file: file, keyPath: path + ".CFBundleTypeRole",
                        reason: "'\(roleText)' is not a role SchemeRouter supports: use Editor or Viewer")
                }
                var rank = HandlerRank.default
                if let rankText = entry.LSHandlerRank {
                    guard let parsed = HandlerRank(rawValue: rankText) else {
                        throw .invalidValue(file: file, keyPath: path + ".LSHandlerRank", reason: "'\(rankText)' is not a rank: use Owner, Default, Alternate or None")
                    }
                    rank = parsed
                }
                var mimeTypes: [MIMEType] = []
                for (position, text) in (entry.CFBundleTypeMIMETypes ?? []).enumerated() {
                    let mimeType = try parsed(text, at: "\(path).CFBundleTypeMIMETypes[\(position)]", MIMEType.init)
                    if !mimeTypes.contains(mimeType) { mimeTypes.append(mimeType) }
                }
                for (position, uti) in (entry.LSItemContentTypes ?? []).enumerated() {
                    if let mimeType = try resolve(uti, at: "\(path).LSItemContentTypes[\(position)]"), !mimeTypes.contains(mimeType) {
                        mimeTypes.append(mimeType)
                    }
                }
                var extensions: [FileExtension] = []
                for (position, text) in (entry.CFBundleTypeExtensions ?? []).enumerated() {
                    let fileExtension = try parsed(text, at: "\(path).CFBundleTypeExtensions[\(position)]", FileExtension.init)
                    if !extensions.contains(fileExtension) { extensions.append(fileExtension) }
                }
                result.append(DocumentType(name: name, role: role, rank: rank, mimeTypes: mimeTypes, extensions: extensions))
            }
            return result
        }

        /// The MIME type a declaration stands for.
        private func mimeType(of entry: TypeDeclarationEntry, at path: String) throws(InfoPlistError) -> MIMEType {
            guard let identifier = entry.UTTypeIdentifier else { throw .missingKey(file: file, keyPath: path + ".UTTypeIdentifier") }
            if identifier.contains("/") { return try parsed(identifier, at: path + ".UTTypeIdentifier", MIMEType.init) }
            guard let first = entry.UTTypeTagSpecification?.mimeTypes?.values.first else {
                throw .invalidValue(
                    file: file, keyPath: path + ".UTTypeTagSpecification",
                    reason: "\(identifier) has no public.mime-type: the Linux desktop names file types by MIME type")
            }
            return try parsed(first, at: path + ".UTTypeTagSpecification.public.mime-type", MIMEType.init)
        }

        /// The MIME type a UTI (or a MIME type) in a list stands for; `nil` for a universal parent.
        private func resolve(_ text: String, at path: String) throws(InfoPlistError) -> MIMEType? {
            if text.contains("/") { return try parsed(text, at: path, MIMEType.init) }
            if Self.universal.contains(text) { return nil }
            for (index, entry) in exported.enumerated() where entry.UTTypeIdentifier == text {
                return try mimeType(of: entry, at: "UTExportedTypeDeclarations[\(index)]")
            }
            for (index, entry) in imported.enumerated() where entry.UTTypeIdentifier == text {
                return try mimeType(of: entry, at: "UTImportedTypeDeclarations[\(index)]")
            }
            if let known = Self.publicTypes[text] { return try parsed(known, at: path, MIMEType.init) }
            throw .invalidValue(
                file: file, keyPath: path,
                reason: "the UTI \(text) has no MIME type: declare it in UTImportedTypeDeclarations with a public.mime-type, or name the MIME type")
        }

        private func parsed<T>(_ text: String, at path: String, _ make: (String) throws(NameSyntaxError) -> T) throws(InfoPlistError) -> T {
            do throws(NameSyntaxError) { return try make(text) } catch { throw .invalidName(file: file, keyPath: path, error: error) }
        }
    }
}
