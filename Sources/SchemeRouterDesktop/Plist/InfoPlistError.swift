public import SchemeRouter

/// Why an `Info.plist` could not become a manifest.
public enum InfoPlistError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not a property list (XML, binary or OpenStep).
    case notAPropertyList(file: String, reason: String)
    /// The property list has no `CFBundleURLTypes`, or it is empty.
    case noURLTypes(file: String)
    /// A value has the wrong type: `keyPath` such as `CFBundleURLTypes[0].CFBundleURLSchemes`.
    case wrongType(file: String, keyPath: String, expected: String)
    /// A URL type has no `CFBundleURLName` and the plist has no `CFBundleIdentifier` to use instead.
    case missingName(file: String, keyPath: String)
    /// A URL type lists no schemes.
    case noSchemes(file: String, keyPath: String)
    /// A name or scheme breaks SchemeRouter's rules.
    case invalidName(file: String, keyPath: String, error: NameSyntaxError)
    /// The URL types name different apps; `names` lists them (choose one with `--name`).
    case severalNames(file: String, names: [String])
    /// `--name` asked for a name no URL type has.
    case nameNotFound(file: String, name: String, names: [String])
    /// A required key is absent, such as a document type's `CFBundleTypeName`.
    case missingKey(file: String, keyPath: String)
    /// A value SchemeRouter cannot take: a role other than Editor or Viewer, a UTI without a MIME type.
    case invalidValue(file: String, keyPath: String, reason: String)
    /// The resulting manifest is invalid (a reserved scheme, for instance).
    case manifest(ManifestError)

    /// What is wrong, with the file and key path.
    public var description: String {
        switch self {
        case .notAPropertyList(let file, let reason): "\(file): not a property list (\(reason))"
        case .noURLTypes(let file): "\(file): no CFBundleURLTypes: the app declares no URL schemes"
        case .wrongType(let file, let keyPath, let expected): "\(file): \(keyPath): expected \(expected)"
        case .missingName(let file, let keyPath):
            "\(file): \(keyPath): no CFBundleURLName (and no CFBundleIdentifier to use instead)"
        case .noSchemes(let file, let keyPath): "\(file): \(keyPath).CFBundleURLSchemes: no schemes"
        case .invalidName(let file, let keyPath, let error): "\(file): \(keyPath): \(error)"
        case .severalNames(let file, let names):
            "\(file): the URL types name several apps (\(names.joined(separator: ", "))): choose one with --name"
        case .nameNotFound(let file, let name, let names):
            "\(file): no URL type is named \(name) (there are \(names.joined(separator: ", ")))"
        case .missingKey(let file, let keyPath): "\(file): \(keyPath): missing required key"
        case .invalidValue(let file, let keyPath, let reason): "\(file): \(keyPath): \(reason)"
        case .manifest(let error): error.description
        }
    }
}
