/// A route's path pattern: `/notes/{id}/export/{format}` or `/files/{path...}`.
///
/// The syntax is `Docs/Manifests.md`'s "Path patterns": literals are decoded text (no `{`, `}`,
/// `%` or control characters); names are an ASCII letter or `_`, then letters, digits or `_`.
public struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    /// One segment of a pattern.
    public enum Segment: Sendable, Hashable, CustomStringConvertible {
        /// Text that must equal the decoded URL segment.
        case literal(String)
        /// `{name}`: one non-empty segment that is not `.` or `..`, read as the parameter's type.
        case parameter(String)
        /// `{name...}`: the remaining one or more segments, none `.` or `..`.
        case catchAll(String)

        /// The segment as written in a pattern.
        public var description: String {
            switch self {
            case .literal(let text): text
            case .parameter(let name): "{\(name)}"
            case .catchAll(let name): "{\(name)...}"
            }
        }
    }

    /// Why a pattern was rejected.
    public struct Invalid: Error, Sendable, Hashable, CustomStringConvertible {
        /// The rule the pattern breaks.
        public let reason: String
        /// The reason.
        public var description: String { reason }
    }

    /// The segments, in order.
    public let segments: [Segment]

    /// Parses a pattern.
    /// - Throws: ``Invalid`` naming the rule and the byte offset in the pattern.
    public init(_ text: String) throws(Invalid) {
        func fail(_ reason: String) -> Invalid { Invalid(reason: reason) }
        if text.isEmpty || text == "/" {
            segments = []
            return
        }
        guard text.utf8.first == UInt8(ascii: "/") else { throw fail("a path pattern starts with '/'") }
        var segments: [Segment] = []
        var offset = 1
        let pieces = text.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        for (index, piece) in pieces.enumerated() {
            let segment = String(decoding: piece, as: UTF8.self)
            guard !piece.isEmpty else {
                throw fail(
                    "empty segment at byte \(offset): patterns have no '//' and no trailing '/' (an empty URL segment only matches a catch-all)"
                )
            }
            if piece.first == UInt8(ascii: "{") {
                guard piece.last == UInt8(ascii: "}") else {
                    throw fail("'{' at byte \(offset) opens a parameter that does not end the segment with '}'")
                }
                var name = String(segment.dropFirst().dropLast())
                let isCatchAll = name.hasSuffix("...")
                if isCatchAll { name.removeLast(3) }
                guard ManifestKeyPath.isIdentifier(name) else {
                    throw fail("'\(name)' at byte \(offset + 1) is not a parameter name (letters, digits and '_', not starting with a digit)")
                }
                if isCatchAll && index < pieces.count - 1 {
                    throw fail("the catch-all {\(name)...} at byte \(offset) must be the last segment")
                }
                segments.append(isCatchAll ? .catchAll(name) : .parameter(name))
            } else {
                for (position, byte) in piece.enumerated() {
                    switch byte {
                    case UInt8(ascii: "{"), UInt8(ascii: "}"):
                        throw fail(
                            "'\(Character(Unicode.Scalar(byte)))' at byte \(offset + position): a parameter is a whole segment")
                    case UInt8(ascii: "%"):
                        throw fail("'%' at byte \(offset + position): write literals decoded ('my list', not 'my%20list')")
                    case 0x00...0x1F, 0x7F:
                        throw fail("control character at byte \(offset + position)")
                    default:
                        continue
                    }
                }
                guard segment != "." && segment != ".." else {
                    throw fail("'\(segment)' at byte \(offset) is a dot segment, which no route matches")
                }
                segments.append(.literal(segment))
            }
            offset += piece.count + 1
        }
        self.segments = segments
    }

    /// The names of the parameters and catch-all, in order.
    public var parameterNames: [String] {
        segments.compactMap { segment in
            switch segment {
            case .literal: nil
            case .parameter(let name), .catchAll(let name): name
            }
        }
    }

    /// The pattern in canonical form: `/` for no segments.
    public var description: String {
        "/" + segments.map(\.description).joined(separator: "/")
    }
}
