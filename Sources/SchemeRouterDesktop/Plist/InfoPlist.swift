internal import FoundationEssentials
public import SchemeRouter

/// `Info.plist` ↔ manifest: an iOS or macOS app's `CFBundleURLTypes`, `CFBundleDocumentTypes`
/// and `UTExportedTypeDeclarations` become a SchemeRouter manifest (without routes: add those by
/// hand), and a manifest becomes a property list with those keys to paste into an `Info.plist`.
///
/// Import reads XML, binary and OpenStep property lists. Each `CFBundleURLTypes` entry has a
/// `CFBundleURLName` (an entry without one falls back to the plist's `CFBundleIdentifier`) and
/// `CFBundleURLSchemes`; entries that share a name are merged. Names and schemes must pass
/// SchemeRouter's rules (`SchemeRouter/ReverseDNSName`: no `-`), and the manifest must validate.
/// Document types and defined types come along; Apple names a type by a UTI, the Linux desktop by
/// its MIME type, so a declaration's MIME type is its `UTTypeIdentifier` when that is one (what
/// ``xml(for:)`` writes), else its `UTTypeTagSpecification`'s `public.mime-type`. A UTI in
/// `LSItemContentTypes` or `UTTypeConformsTo` becomes the MIME type of the plist's own
/// declaration of it (exported or imported) or of a well-known public type (`public.plain-text`
/// is `text/plain`); `public.data`, `public.content` and `public.item` are every file's parents
/// and are left out; any other UTI is an error naming its key path.
public enum InfoPlist {
    struct Document: Codable {
        var CFBundleIdentifier: String?
        var CFBundleURLTypes: [URLType]?
        var CFBundleDocumentTypes: [DocumentTypeEntry]?
        var UTExportedTypeDeclarations: [TypeDeclarationEntry]?
        var UTImportedTypeDeclarations: [TypeDeclarationEntry]?
    }

    struct URLType: Codable {
        var CFBundleURLName: String?
        var CFBundleURLSchemes: [String]?
    }

    /// The manifest declared by the `Info.plist` in `bytes`.
    /// - Parameters:
    ///   - bytes: The property list (XML, binary or OpenStep).
    ///   - file: Its path, for messages and as the manifest's `file`.
    ///   - name: Which app to take when the URL types name several.
    /// - Throws: ``InfoPlistError`` naming the file and key path.
    public static func manifest(fromPlist bytes: [UInt8], file: String, name: String? = nil) throws(InfoPlistError)
        -> Manifest
    {
        let document: Document
        do {
            document = try PropertyListDecoder().decode(Document.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw describe(error, file: file)
        } catch {
            throw .notAPropertyList(file: file, reason: "\(error)")
        }
        guard let types = document.CFBundleURLTypes, !types.isEmpty else { throw .noURLTypes(file: file) }
        var order: [String] = []
        var schemes: [String: [SchemeName]] = [:]
        for (index, type) in types.enumerated() {
            let path = "CFBundleURLTypes[\(index)]"
            guard let typeName = type.CFBundleURLName ?? document.CFBundleIdentifier else {
                throw .missingName(file: file, keyPath: path)
            }
            let nameKey = type.CFBundleURLName == nil ? "CFBundleIdentifier" : "\(path).CFBundleURLName"
            do { _ = try ReverseDNSName(typeName) } catch { throw .invalidName(file: file, keyPath: nameKey, error: error) }
            guard let list = type.CFBundleURLSchemes, !list.isEmpty else { throw .noSchemes(file: file, keyPath: path) }
            if schemes[typeName] == nil { order.append(typeName) }
            for (schemeIndex, text) in list.enumerated() {
                let scheme: SchemeName
                do { scheme = try SchemeName(text) } catch {
                    throw .invalidName(file: file, keyPath: "\(path).CFBundleURLSchemes[\(schemeIndex)]", error: error)
                }
                if !(schemes[typeName] ?? []).contains(scheme) { schemes[typeName, default: []].append(scheme) }
            }
        }
        let chosen: String
        if let name {
            guard schemes[name] != nil else { throw .nameNotFound(file: file, name: name, names: order) }
            chosen = name
        } else {
            guard order.count == 1 else { throw .severalNames(file: file, names: order) }
            chosen = order[0]
        }
        // Checked above; cannot fail.
        guard let bundleName = try? ReverseDNSName(chosen) else { throw .noURLTypes(file: file) }
        var manifest = Manifest(name: bundleName, schemes: schemes[chosen] ?? [], routes: [], file: file)
        let fileTypes = DocumentTypes(
            file: file, exported: document.UTExportedTypeDeclarations ?? [], imported: document.UTImportedTypeDeclarations ?? [])
        manifest.exportedTypes = try fileTypes.exportedTypes()
        manifest.documentTypes = try fileTypes.documentTypes(document.CFBundleDocumentTypes ?? [])
        do { _ = try SchemeDeclaration(manifest) } catch { throw .manifest(error) }
        return manifest
    }

    /// An XML property list whose top-level dictionary holds `CFBundleURLTypes` for `manifest`,
    /// and its `CFBundleDocumentTypes` and `UTExportedTypeDeclarations` when it has them: copy
    /// those keys and arrays into an app's `Info.plist`. A defined type's `UTTypeIdentifier` is its
    /// MIME type, also given as `UTTypeTagSpecification`'s `public.mime-type`.
    public static func xml(for manifest: Manifest) -> String {
        let document = Document(
            CFBundleIdentifier: nil,
            CFBundleURLTypes: [URLType(CFBundleURLName: manifest.name.rawValue, CFBundleURLSchemes: manifest.schemes.map(\.rawValue))],
            CFBundleDocumentTypes: manifest.documentTypes.isEmpty ? nil : manifest.documentTypes.map(DocumentTypeEntry.init),
            UTExportedTypeDeclarations: manifest.exportedTypes.isEmpty ? nil : manifest.exportedTypes.map(TypeDeclarationEntry.init))
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        // Encoding strings and arrays of strings cannot fail.
        guard let data = try? encoder.encode(document) else { preconditionFailure("encoding a plist of strings failed") }
        return String(decoding: data, as: UTF8.self)
    }

    private static func describe(_ error: DecodingError, file: String) -> InfoPlistError {
        func path(_ codingPath: [any CodingKey]) -> String {
            var out = ""
            for key in codingPath {
                if let index = key.intValue { out += "[\(index)]" } else { out += (out.isEmpty ? "" : ".") + key.stringValue }
            }
            return out.isEmpty ? "(top level)" : out
        }
        switch error {
        case .typeMismatch(let type, let context):
            return .wrongType(file: file, keyPath: path(context.codingPath), expected: expected(context.codingPath, type))
        case .valueNotFound(let type, let context):
            return .wrongType(file: file, keyPath: path(context.codingPath), expected: expected(context.codingPath, type))
        case .keyNotFound(let key, let context):
            return .wrongType(file: file, keyPath: path(context.codingPath + [key]), expected: "a value")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return .notAPropertyList(file: file, reason: context.debugDescription) }
            return .wrongType(file: file, keyPath: path(context.codingPath), expected: context.debugDescription)
        @unknown default:
            return .notAPropertyList(file: file, reason: "\(error)")
        }
    }

    /// What the key at the end of `codingPath` holds.
    private static func expected(_ codingPath: [any CodingKey], _ type: Any.Type) -> String {
        let named = codingPath.last(where: { $0.intValue == nil })?.stringValue
        let inArray = codingPath.last?.intValue != nil
        switch named {
        case "CFBundleURLSchemes": return inArray ? "a string" : "an array of strings"
        case "CFBundleURLTypes": return inArray ? "a dictionary" : "an array of dictionaries"
        case "CFBundleURLName", "CFBundleIdentifier", "CFBundleTypeName", "CFBundleTypeRole", "LSHandlerRank", "UTTypeIdentifier",
            "UTTypeDescription":
            return "a string"
        case "CFBundleTypeMIMETypes", "CFBundleTypeExtensions", "LSItemContentTypes", "UTTypeConformsTo":
            return inArray ? "a string" : "an array of strings"
        case "public.filename-extension", "public.mime-type": return "a string or an array of strings"
        case "CFBundleDocumentTypes", "UTExportedTypeDeclarations", "UTImportedTypeDeclarations":
            return inArray ? "a dictionary" : "an array of dictionaries"
        default: return type is String.Type ? "a string" : "a dictionary"
        }
    }
}
