/// A declaration's `CFBundleURLName`: a reverse-DNS identifier such as `com.acme.todolist`.
///
/// The rule: two or more labels separated by `.`; each label starts with an ASCII letter and
/// continues with ASCII letters, digits or `_`; at most 255 bytes in all. This is the D-Bus
/// well-known-name rule without `-` and without leading `_`, so the name can serve as the
/// freedesktop desktop-file id and D-Bus name of the app unchanged: the Desktop Entry
/// specification requires such ids to be valid D-Bus names, and `-` — which D-Bus still allows —
/// is rejected by the desktop-file tooling of this project (a later issue), so it is rejected here
/// too rather than accepted and mangled later. Write `com.acme_corp.todo` for `acme-corp`.
/// Case is kept; two declarations whose names differ only in case are still rejected by
/// ``SchemeRegistry``.
public struct ReverseDNSName: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The name as written.
    public let rawValue: String

    /// The longest name accepted, in bytes (the D-Bus limit).
    public static let maximumLength = 255

    /// Checks `text`.
    /// - Throws: ``NameSyntaxError`` with the offset of the first offending byte.
    public init(_ text: String) throws(NameSyntaxError) {
        func fail(_ offset: Int, _ reason: String) -> NameSyntaxError {
            NameSyntaxError(text: text, offset: offset, reason: reason)
        }
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw fail(0, "empty name: use reverse-DNS such as com.example.app") }
        guard bytes.count <= Self.maximumLength else {
            throw fail(Self.maximumLength, "longer than \(Self.maximumLength) bytes")
        }
        var labels = 1
        var labelStart = true
        for (offset, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: ".") {
                guard !labelStart else { throw fail(offset, "empty label at byte \(offset)") }
                labels += 1
                labelStart = true
                continue
            }
            if byte == UInt8(ascii: "-") {
                throw fail(
                    offset,
                    "'-' at byte \(offset) is not allowed: the name becomes a desktop-file and D-Bus id, where '-' is not portable; use '_'"
                )
            }
            if labelStart {
                guard ManifestKeyPath.isLetter(byte) else {
                    throw fail(offset, "a label starts with a letter, not \(SchemeName.describe(byte)) at byte \(offset)")
                }
                labelStart = false
            } else {
                guard ManifestKeyPath.isLetter(byte) || ManifestKeyPath.isDigit(byte) || byte == UInt8(ascii: "_") else {
                    throw fail(
                        offset, "\(SchemeName.describe(byte)) at byte \(offset) is not allowed (letters, digits, '_' and '.')")
                }
            }
        }
        guard !labelStart else { throw fail(bytes.count - 1, "the name ends with '.'") }
        guard labels >= 2 else {
            throw fail(0, "a reverse-DNS name has at least two labels, such as com.example.app")
        }
        rawValue = text
    }

    /// Alphabetical order.
    public static func < (lhs: ReverseDNSName, rhs: ReverseDNSName) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The name as written.
    public var description: String { rawValue }
}
