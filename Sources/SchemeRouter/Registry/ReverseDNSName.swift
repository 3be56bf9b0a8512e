/// A declaration's `CFBundleURLName`: a reverse-DNS identifier such as `com.acme.todolist`.
///
/// Two or more `.`-separated labels of ASCII letters, digits and `_`, each starting with a letter;
/// at most 255 bytes. It is also the desktop-file id and D-Bus name, so no `-`: write `acme_corp`.
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
        for (offset, byte) in bytes.enumerated() {
            let startsLabel = offset == 0 || bytes[offset - 1] == UInt8(ascii: ".")
            if byte == UInt8(ascii: ".") {
                guard !startsLabel else { throw fail(offset, "empty label at byte \(offset)") }
            } else if byte == UInt8(ascii: "-") {
                let why = "the name becomes a desktop-file and D-Bus id, where '-' is not portable; use '_'"
                throw fail(offset, "'-' at byte \(offset) is not allowed: \(why)")
            } else if startsLabel && !ManifestKeyPath.isLetter(byte) {
                throw fail(offset, "a label starts with a letter, not \(URLRejection.describe(byte)) at byte \(offset)")
            } else if !(ManifestKeyPath.isLetter(byte) || ManifestKeyPath.isDigit(byte) || byte == UInt8(ascii: "_")) {
                throw fail(offset, "\(URLRejection.describe(byte)) at byte \(offset) is not allowed (letters, digits, '_' and '.')")
            }
        }
        guard bytes.last != UInt8(ascii: ".") else { throw fail(bytes.count - 1, "the name ends with '.'") }
        guard bytes.contains(UInt8(ascii: ".")) else {
            throw fail(0, "a reverse-DNS name has at least two labels, such as com.example.app")
        }
        rawValue = text
    }

    /// Alphabetical order.
    public static func < (lhs: ReverseDNSName, rhs: ReverseDNSName) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The name as written.
    public var description: String { rawValue }
}
