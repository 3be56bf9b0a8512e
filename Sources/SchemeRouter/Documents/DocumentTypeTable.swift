/// A manifest's document types compiled for matching file names, checked as a whole: every file
/// name is of at most one document type, and every document type is reachable by some name.
///
/// A name matches by its extensions, longest first (`a.tar.gz` tries `tar.gz`, then `gz`),
/// ignoring case: one dictionary lookup per dot in the name.
struct DocumentTypeTable: Sendable {
    /// Each extension's document type (an index into the manifest's `documentTypes`) and the MIME
    /// type the match stands for.
    private let byExtension: [String: (type: Int, mimeType: MIMEType?)]
    /// `Note: *.note, *.notes` per document type, for messages.
    let summaries: [String]

    /// Compiles and checks `manifest`'s document types and defined types.
    /// - Throws: ``ManifestError`` naming the key path of the first fault.
    init(_ manifest: Manifest) throws(ManifestError) {
        let file = manifest.file
        func invalid(_ path: ManifestKeyPath, _ reason: String) -> ManifestError {
            .invalidValue(file: file, keyPath: path.description, reason: reason)
        }
        // The types the app defines: which extensions each is recognised by.
        var definedExtensions: [MIMEType: [FileExtension]] = [:]
        var definer: [FileExtension: Int] = [:]
        for (index, declaration) in manifest.exportedTypes.enumerated() {
            let path = ManifestKeyPath.root.appending("UTExportedTypeDeclarations").appending(index: index)
            let identifier = declaration.identifier
            guard identifier.isDefinableByApps else {
                throw invalid(
                    path.appending("UTTypeIdentifier"),
                    "'\(identifier)' is a registered type: an app defines types in the vendor (\(identifier.mediaType)/vnd.…), personal (prs.…) or x- tree only")
            }
            guard definedExtensions[identifier] == nil else {
                throw invalid(path.appending("UTTypeIdentifier"), "'\(identifier)' is defined twice")
            }
            try Self.checkText(declaration.typeDescription, what: "a type's description", at: path.appending("UTTypeDescription"), file: file)
            if let own = declaration.conformsTo.firstIndex(of: identifier) {
                throw invalid(path.appending("UTTypeConformsTo").appending(index: own), "a type does not conform to itself")
            }
            let extensionsPath = path.appending("UTTypeTagSpecification").appending("public.filename-extension")
            guard !declaration.extensions.isEmpty else {
                throw invalid(extensionsPath, "a defined type lists at least one extension: files are recognised by name")
            }
            for (position, fileExtension) in declaration.extensions.enumerated() {
                if let other = definer.updateValue(index, forKey: fileExtension), other != index {
                    throw invalid(
                        extensionsPath.appending(index: position),
                        "'\(fileExtension)' is already the extension of \(manifest.exportedTypes[other].identifier) (UTExportedTypeDeclarations[\(other)])")
                }
            }
            definedExtensions[identifier] = declaration.extensions
        }

        var table: [String: (type: Int, mimeType: MIMEType?)] = [:]
        var claimedMIMETypes: [MIMEType: Int] = [:]
        var names: [String: Int] = [:]
        var summaries: [String] = []
        for (index, type) in manifest.documentTypes.enumerated() {
            let path = ManifestKeyPath.root.appending("CFBundleDocumentTypes").appending(index: index)
            try Self.checkText(type.name, what: "a document type's name", at: path.appending("CFBundleTypeName"), file: file)
            if let other = names.updateValue(index, forKey: type.name) {
                throw invalid(path.appending("CFBundleTypeName"), "'\(type.name)' already names CFBundleDocumentTypes[\(other)]")
            }
            guard !type.mimeTypes.isEmpty || !type.extensions.isEmpty else {
                throw invalid(path, "a document type lists at least one MIME type (CFBundleTypeMIMETypes) or extension (CFBundleTypeExtensions)")
            }
            for (position, mimeType) in type.mimeTypes.enumerated() {
                if let other = claimedMIMETypes.updateValue(index, forKey: mimeType), other != index {
                    throw invalid(
                        path.appending("CFBundleTypeMIMETypes").appending(index: position),
                        "\(mimeType) is already a MIME type of '\(manifest.documentTypes[other].name)' (CFBundleDocumentTypes[\(other)]): a file would be of two types")
                }
            }
            // The type's extensions: its own, then those of the MIME types it lists that the app defines.
            var matches: [(FileExtension, MIMEType?, ManifestKeyPath)] = []
            for (position, fileExtension) in type.extensions.enumerated() {
                let defined = type.mimeTypes.first { definedExtensions[$0]?.contains(fileExtension) == true }
                matches.append((fileExtension, defined ?? type.mimeTypes.first, path.appending("CFBundleTypeExtensions").appending(index: position)))
            }
            for (position, mimeType) in type.mimeTypes.enumerated() {
                for fileExtension in definedExtensions[mimeType] ?? [] {
                    matches.append((fileExtension, mimeType, path.appending("CFBundleTypeMIMETypes").appending(index: position)))
                }
            }
            guard !matches.isEmpty else {
                throw invalid(
                    path,
                    "no file name is of the type '\(type.name)': list its extensions (CFBundleTypeExtensions) or define one of its MIME types "
                        + "(UTExportedTypeDeclarations); files are recognised by name, never by content")
            }
            for (fileExtension, mimeType, keyPath) in matches {
                if let other = table[fileExtension.rawValue] {
                    guard other.type != index else { continue }
                    throw invalid(
                        keyPath,
                        "a file named *.\(fileExtension) would be of two types: '\(manifest.documentTypes[other.type].name)' (CFBundleDocumentTypes[\(other.type)]) and '\(type.name)'")
                }
                table[fileExtension.rawValue] = (index, mimeType)
            }
            var globs: [String] = []
            for (fileExtension, _, _) in matches where !globs.contains(fileExtension.glob) { globs.append(fileExtension.glob) }
            summaries.append("\(type.name): \(globs.joined(separator: ", "))")
        }
        byExtension = table
        self.summaries = summaries
    }

    /// The document type (index) and MIME type a file called `name` is of, or `nil`.
    func match(fileName name: some StringProtocol) -> (type: Int, mimeType: MIMEType?)? {
        guard !byExtension.isEmpty else { return nil }
        let lowered = name.lowercased()
        var index = lowered.startIndex
        while let dot = lowered[index...].firstIndex(of: ".") {
            index = lowered.index(after: dot)
            if let found = byExtension[String(lowered[index...])] { return found }
        }
        return nil
    }

    /// Refuses an empty text, one over 255 bytes, or one with a control character.
    private static func checkText(_ text: String, what: String, at path: ManifestKeyPath, file: String) throws(ManifestError) {
        func invalid(_ reason: String) -> ManifestError { .invalidValue(file: file, keyPath: path.description, reason: reason) }
        guard !text.isEmpty else { throw invalid("\(what) is not empty") }
        guard text.utf8.count <= 255 else { throw invalid("\(what) is at most 255 bytes") }
        var offset = 0
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                throw invalid("control character U+\(URLRejection.hex(scalar.value, width: 4)) at byte \(offset): \(what) is one line of text")
            }
            offset += String(scalar).utf8.count
        }
    }
}
