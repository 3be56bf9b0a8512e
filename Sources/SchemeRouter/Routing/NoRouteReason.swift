/// Why no route's host and path match a URL.
public enum NoRouteReason: Sendable, Hashable, CustomStringConvertible {
    /// The declaration has no routes at all.
    case noRoutes
    /// Every route names a host and the URL's host (lower-cased; `nil` without an authority) is none of them.
    case hostNotServed(host: String?, served: [String])
    /// Path segment `index` (0-based) fails: it is none of the `expected` literals, parameters or
    /// catch-alls that could follow, or the path should have ended before it.
    case segmentMismatch(index: Int, segment: String, offset: Int, expected: [String])
    /// The path ended after `segmentCount` segments where the routes expect more.
    case pathEnded(segmentCount: Int, offset: Int, expected: [String])

    /// The byte offset of the failing segment, or where the path ended.
    public var offset: Int {
        switch self {
        case .noRoutes, .hostNotServed: 0
        case .segmentMismatch(_, _, let offset, _), .pathEnded(_, let offset, _): offset
        }
    }

    /// The reason for people.
    public var description: String {
        switch self {
        case .noRoutes: return "the declaration has no routes"
        case .hostNotServed(let host, let served):
            let given = host.map { "'\($0)'" } ?? "no host"
            return "\(given) is not served (hosts: \(served.joined(separator: ", ")))"
        case .segmentMismatch(let index, let segment, _, let expected):
            let shown = segment.isEmpty ? "empty segment" : "segment '\(segment)'"
            return "path \(shown) (#\(index + 1)) does not match; expected \(Self.list(expected))"
        case .pathEnded(let count, _, let expected):
            return "path ends after \(count) segment\(count == 1 ? "" : "s"); expected \(Self.list(expected))"
        }
    }

    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: "nothing"
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " or " + items.last!
        }
    }
}
