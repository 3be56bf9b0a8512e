/// Why a URL matched no route, why a matched route could not bind its parameters, or why a typed
/// request could not be read or printed.
///
/// Every case that points into a URL carries the byte offset of the fault (``offset``), as
/// ``URLRejection`` does, so the same caret rendering applies (``render(input:)``).
public enum RouteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not a URL the strict parser accepts, for a caller that parses and routes in
    /// one step (such as the runtime): the parser's rejection, with its offset.
    case invalidURL(URLRejection)
    /// No declaration claims the URL's scheme.
    case unknownScheme(String)
    /// The scheme is claimed but no route's host and path match.
    case noRoute(scheme: String, closestRoute: String?, reason: NoRouteReason)
    /// A value is not acceptable for its parameter; `value` is the text as written in the URL.
    case invalidParameter(name: String, value: String, offset: Int, fault: ParameterFault)
    /// A required parameter is absent; `key` is its query key for a query item. The offset is
    /// where it was expected (the end of the query, or of the URL).
    case missingParameter(name: String, component: URLComponentKind, key: String?, offset: Int)
    /// A query key that is not `repeated` is given twice; the offset is that of the second.
    case duplicateQueryItem(key: String, offset: Int)
    /// A query key the route does not bind (the route says `"unknownQueryItems": "reject"`, the default).
    case unknownQueryItem(key: String, offset: Int)
    /// A bound query key given without `=value`.
    case queryItemWithoutValue(key: String, offset: Int)
    /// An empty query item (`&&`, or `&` at the start or end of the query).
    case emptyQueryItem(offset: Int)
    /// A query key that does not percent-decode.
    case undecodableQueryKey(URLRejection)
    /// A fragment on a URL whose route does not bind one (it would be lost).
    case unexpectedFragment(offset: Int)
    /// A typed getter asked for a parameter the route did not bind.
    case parameterNotFound(name: String)
    /// A typed getter asked for another type than the parameter has.
    case parameterTypeMismatch(name: String, expected: String, found: String, offset: Int?)
    /// A typed request was read from a match of another route.
    case routeMismatch(expected: String, matched: String)
    /// Printing asked for a route name the declaration does not have.
    case unknownRoute(String)
    /// A value cannot be printed into a URL that would read back as the same value.
    case unprintableParameter(route: String, name: String, reason: String)
    /// A `file:` URL that names no local file: another host, a query or fragment, an encoded
    /// `/` or a path that does not decode (``FileURL/path(of:)``).
    case invalidFileURL(reason: String, offset: Int)
    /// A file whose name matches none of the manifest's document types; `offset` is where its
    /// name starts in the URL, `declared` lists the types (`Note: *.note`).
    case undeclaredDocumentType(fileName: String, offset: Int, declared: [String])

    /// The byte offset of the fault in the URL, when the error points into one.
    public var offset: Int? {
        switch self {
        case .unknownScheme: 0
        case .noRoute(_, _, let reason): reason.offset
        case .invalidParameter(_, _, let offset, _), .missingParameter(_, _, _, let offset),
            .duplicateQueryItem(_, let offset), .unknownQueryItem(_, let offset),
            .queryItemWithoutValue(_, let offset), .emptyQueryItem(let offset), .unexpectedFragment(let offset),
            .invalidFileURL(_, let offset), .undeclaredDocumentType(_, let offset, _):
            offset
        case .invalidURL(let rejection), .undecodableQueryKey(let rejection): rejection.offset
        case .parameterTypeMismatch(_, _, _, let offset): offset
        case .parameterNotFound, .routeMismatch, .unknownRoute, .unprintableParameter: nil
        }
    }

    /// A stable, machine-readable identifier of the rule (used by `--json`).
    public var code: String {
        switch self {
        case .invalidURL(let rejection): rejection.code
        case .unknownScheme: "unknown-scheme"
        case .noRoute: "no-route"
        case .invalidParameter: "invalid-parameter"
        case .missingParameter: "missing-parameter"
        case .duplicateQueryItem: "duplicate-query-item"
        case .unknownQueryItem: "unknown-query-item"
        case .queryItemWithoutValue: "query-item-without-value"
        case .emptyQueryItem: "empty-query-item"
        case .undecodableQueryKey: "undecodable-query-key"
        case .unexpectedFragment: "unexpected-fragment"
        case .parameterNotFound: "parameter-not-found"
        case .parameterTypeMismatch: "parameter-type-mismatch"
        case .routeMismatch: "route-mismatch"
        case .unknownRoute: "unknown-route"
        case .unprintableParameter: "unprintable-parameter"
        case .invalidFileURL: "invalid-file-url"
        case .undeclaredDocumentType: "undeclared-type"
        }
    }

    /// The explanation without the offset.
    public var message: String {
        switch self {
        case .invalidURL(let rejection): rejection.message
        case .unknownScheme(let scheme): "no declaration claims the scheme '\(scheme)'"
        case .noRoute(let scheme, let closest, let reason):
            "no \(scheme): route matches: \(reason)" + (closest.map { "; closest route '\($0)'" } ?? "")
        case .invalidParameter(let name, let value, _, let fault): "parameter '\(name)' = '\(value)': \(fault)"
        case .missingParameter(let name, .query, let key?, _): "missing query item '\(key)' for parameter '\(name)'"
        case .missingParameter(let name, let component, _, _): "missing \(component) for parameter '\(name)'"
        case .duplicateQueryItem(let key, _): "query item '\(key)' is given twice but is not repeated"
        case .unknownQueryItem(let key, _): "unknown query item '\(key)'"
        case .queryItemWithoutValue(let key, _): "query item '\(key)' has no '=value'"
        case .emptyQueryItem: "empty query item"
        case .undecodableQueryKey(let rejection): "query key: \(rejection.message)"
        case .unexpectedFragment: "the route binds no fragment, so this one would be lost"
        case .parameterNotFound(let name): "no parameter '\(name)'"
        case .parameterTypeMismatch(let name, let expected, let found, _): "parameter '\(name)' is a \(found), not a \(expected)"
        case .routeMismatch(let expected, let matched): "the URL matched route '\(matched)', not '\(expected)'"
        case .unknownRoute(let name): "no route named '\(name)'"
        case .unprintableParameter(let route, let name, let reason): "route '\(route)' cannot print parameter '\(name)': \(reason)"
        case .invalidFileURL(let reason, _): "not a local file: \(reason)"
        case .undeclaredDocumentType(let name, _, let declared):
            declared.isEmpty
                ? "'\(name)' is a file, and the app declares no document types"
                : "'\(name)' is of no document type the app declares (\(declared.joined(separator: "; ")))"
        }
    }

    /// A one-line explanation naming the rule and, when there is one, the byte offset.
    public var description: String {
        offset.map { "\(message) at byte \($0)" } ?? message
    }

    /// Renders the error with the URL and a caret under the offending byte, as `URLRejection/render(input:)` does.
    public func render(input: String) -> String {
        guard let offset else { return "error: \(description)" }
        return CaretRendering.render(description, input: Array(input.utf8), offset: offset)
    }
}
