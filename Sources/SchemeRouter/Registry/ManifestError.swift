/// Why a manifest, a declaration or a set of declarations was rejected.
///
/// Every case names the manifest file and the key path of the offending value (a syntax error:
/// its byte offset, line and column); errors that involve two declarations or routes name both.
public enum ManifestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is not valid JSON (RFC 8259), or not UTF-8.
    case syntax(file: String, offset: Int, line: Int, column: Int, reason: String)
    /// A required key is absent.
    case missingKey(file: String, keyPath: String)
    /// A key the format does not define (typos are caught here); `allowed` lists the keys that are.
    case unknownKey(file: String, keyPath: String, allowed: [String])
    /// A key given twice in one object.
    case duplicateKey(file: String, keyPath: String)
    /// A value of the wrong JSON type.
    case wrongType(file: String, keyPath: String, expected: String, found: String)
    /// A value that breaks a rule of the format: a malformed name, scheme, host, path pattern,
    /// date format, or an inconsistent route.
    case invalidValue(file: String, keyPath: String, reason: String)
    /// A scheme on the reserved list (see ``ReservedScheme``).
    case reservedScheme(file: String, keyPath: String, scheme: String, reservation: ReservedScheme)
    /// A route that no URL can match, or that is shadowed by others (named in `shadowedBy`).
    case unreachableRoute(file: String, keyPath: String, route: RouteReference, reason: String, shadowedBy: RouteReference?)
    /// Two routes of one declaration that would match the same URLs, or that bind different
    /// parameters at the same position.
    case conflictingRoutes(file: String, keyPath: String, route: RouteReference, other: RouteReference, reason: String)
    /// A scheme claimed by two declarations.
    case schemeClaimedTwice(scheme: String, first: DeclarationReference, second: DeclarationReference)
    /// A `CFBundleURLName` used by two declarations (compared case-insensitively).
    case nameClaimedTwice(name: String, first: DeclarationReference, second: DeclarationReference)

    /// The manifest file the error is in (the second declaration's for errors between two).
    public var file: String { parts.file }

    /// The key path of the offending value (empty at the top level and for syntax errors).
    public var keyPath: String { parts.keyPath }

    /// A stable, machine-readable identifier of the rule (used by `--json`).
    public var code: String { parts.code }

    /// The explanation without the file and key path.
    public var message: String { parts.message }

    // One switch gives each case's every part, so a new case is written in one place.
    private var parts: (code: String, file: String, keyPath: String, message: String) {
        switch self {
        case .syntax(let file, let offset, let line, let column, let reason):
            ("json-syntax", file, "", "byte \(offset) (line \(line), column \(column)): \(reason)")
        case .missingKey(let file, let path):
            ("missing-key", file, path, "missing required key")
        case .unknownKey(let file, let path, let allowed):
            ("unknown-key", file, path, "unknown key (allowed: \(allowed.joined(separator: ", ")))")
        case .duplicateKey(let file, let path):
            ("duplicate-key", file, path, "key given twice")
        case .wrongType(let file, let path, let expected, let found):
            ("wrong-type", file, path, "expected \(expected), found \(found)")
        case .invalidValue(let file, let path, let reason):
            ("invalid-value", file, path, reason)
        case .reservedScheme(let file, let path, let scheme, let reservation):
            ("reserved-scheme", file, path, "'\(scheme)' is reserved (\(reservation.category.explanation)); no app may claim it")
        case .unreachableRoute(let file, let path, let route, let reason, let shadowedBy):
            ("unreachable-route", file, path,
             "route \(route) is unreachable: \(reason)" + (shadowedBy.map { " (shadowed by \($0))" } ?? ""))
        case .conflictingRoutes(let file, let path, let route, let other, let reason):
            ("conflicting-routes", file, path, "route \(route) conflicts with \(other): \(reason)")
        case .schemeClaimedTwice(let scheme, let first, let second):
            ("scheme-claimed-twice", second.file, second.keyPath,
             "scheme '\(scheme)' is claimed by two declarations: \(first) and \(second)")
        case .nameClaimedTwice(let name, let first, let second):
            ("name-claimed-twice", second.file, second.keyPath,
             "CFBundleURLName '\(name)' is used by two declarations: \(first) and \(second)")
        }
    }

    /// `file: key.path: message` (the key path is left out when empty).
    public var description: String {
        switch self {
        case .schemeClaimedTwice, .nameClaimedTwice: message
        default: keyPath.isEmpty ? "\(file): \(message)" : "\(file): \(keyPath): \(message)"
        }
    }
}

/// A route named in a ``ManifestError``: its index in the manifest's `routes` and its name.
public struct RouteReference: Sendable, Hashable, CustomStringConvertible {
    /// The index in `routes`.
    public let index: Int
    /// The route's `name`.
    public let name: String

    /// `routes[2] 'show'`.
    public var description: String { "routes[\(index)] '\(name)'" }
}

/// A declaration named in a ``ManifestError``: its `CFBundleURLName`, its file and the key path
/// of the value in question.
public struct DeclarationReference: Sendable, Hashable, CustomStringConvertible {
    /// The declaration's `CFBundleURLName`.
    public let name: String
    /// The manifest file.
    public let file: String
    /// The key path of the value in question, such as `CFBundleURLSchemes[0]`.
    public let keyPath: String

    /// `com.acme.notes (Schemes/notes.json: CFBundleURLSchemes[0])`.
    public var description: String { "\(name) (\(file): \(keyPath))" }
}
