/// A file-name extension a document type or a type the app defines is recognised by
/// (`CFBundleTypeExtensions`, `public.filename-extension`), without its dot, lower-cased.
///
/// 1 to 64 of ASCII letters, digits and `_ - + ~ .`, not starting or ending with `.` and without
/// `..`: `note`, `tar.gz`. Files are matched by name, ignoring case, as shared-mime-info's globs
/// are; `note` becomes the glob `*.note` in the app's shared-mime-info package.
public struct FileExtension: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The extension, lower-cased, without a leading dot.
    public let rawValue: String

    /// The longest extension accepted, in bytes.
    public static let maximumLength = 64

    /// Checks and normalises `text`.
    /// - Throws: ``NameSyntaxError`` with the offset of the first offending byte.
    public init(_ text: String) throws(NameSyntaxError) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw NameSyntaxError(text: text, offset: 0, reason: "empty extension") }
        if bytes[0] == UInt8(ascii: ".") {
            throw NameSyntaxError(text: text, offset: 0, reason: "an extension is written without its dot: '\(text.dropFirst())'")
        }
        guard bytes.count <= Self.maximumLength else {
            throw NameSyntaxError(text: text, offset: Self.maximumLength, reason: "longer than \(Self.maximumLength) bytes")
        }
        for (offset, byte) in bytes.enumerated() {
            let allowed = ManifestKeyPath.isLetter(byte) || ManifestKeyPath.isDigit(byte) || Self.punctuation.contains(byte)
            guard allowed else {
                throw NameSyntaxError(
                    text: text, offset: offset,
                    reason: "\(URLRejection.describe(byte)) at byte \(offset) is not allowed in an extension (letters, digits, _ - + ~ .)")
            }
            if byte == UInt8(ascii: "."), offset == bytes.count - 1 || bytes[offset + 1] == UInt8(ascii: ".") {
                throw NameSyntaxError(text: text, offset: offset, reason: "an extension does not end with '.' or hold '..'")
            }
        }
        rawValue = text.lowercased()
    }

    /// The shared-mime-info glob that matches it: `*.note`.
    public var glob: String { "*." + rawValue }

    private static let punctuation = Array("_-+~.".utf8)

    /// Alphabetical order.
    public static func < (lhs: FileExtension, rhs: FileExtension) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The lower-cased extension.
    public var description: String { rawValue }
}
