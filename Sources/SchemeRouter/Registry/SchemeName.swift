/// A URL scheme an app may claim, checked against RFC 3986 §3.1 and normalised to lower case.
///
/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, at most ``maximumLength`` bytes;
/// `TodoList` is stored as `todolist`. Whether it may be claimed at all: see ``reservation``.
public struct SchemeName: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The scheme, lower-cased.
    public let rawValue: String

    /// The longest scheme accepted, in bytes: far above any scheme in use, and short enough for a
    /// desktop file's `x-scheme-handler/<scheme>` MIME type (at most 127 bytes per RFC 6838 §4.2).
    public static let maximumLength = 64

    /// Checks and normalises `text`.
    /// - Throws: ``NameSyntaxError`` with the offset of the first offending byte.
    public init(_ text: String) throws(NameSyntaxError) {
        for (offset, byte) in text.utf8.enumerated() {
            if offset == 0 && !ManifestKeyPath.isLetter(byte) {
                throw NameSyntaxError(text: text, offset: 0, reason: "a scheme starts with a letter, not \(URLRejection.describe(byte))")
            }
            guard CharacterClass.table[Int(byte)] & CharacterClass.scheme != 0 else {
                throw NameSyntaxError(
                    text: text, offset: offset,
                    reason: "\(URLRejection.describe(byte)) at byte \(offset) is not allowed in a scheme (letters, digits, '+', '-', '.')")
            }
        }
        guard !text.isEmpty else { throw NameSyntaxError(text: text, offset: 0, reason: "empty scheme") }
        guard text.utf8.count <= Self.maximumLength else {
            throw NameSyntaxError(text: text, offset: Self.maximumLength, reason: "longer than \(Self.maximumLength) bytes")
        }
        rawValue = text.lowercased()
    }

    /// Why no app may claim this scheme, or `nil` when it is free to claim.
    public var reservation: ReservedScheme? { ReservedScheme.all.first { $0.name == rawValue } }

    /// Alphabetical order.
    public static func < (lhs: SchemeName, rhs: SchemeName) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The lower-cased scheme.
    public var description: String { rawValue }
}
