/// A MIME type a manifest names for a document type (`CFBundleTypeMIMETypes`) or defines
/// (`UTExportedTypeDeclarations`), checked against RFC 6838 §4.2 and normalised to lower case.
///
/// `type "/" subtype`, each 1 to 127 of letters, digits and `! # $ & - ^ _ . +`, starting with a
/// letter or digit: `application/x-notes-note`. Two families are refused because they are not
/// documents: `x-scheme-handler/…` (a URL scheme's type: declare the scheme in
/// `CFBundleURLSchemes`) and `inode/…` (directories, devices, FIFOs).
public struct MIMEType: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The type, lower-cased.
    public let rawValue: String

    /// The longest name of either half, in bytes (RFC 6838 §4.2).
    public static let maximumPartLength = 127

    /// Checks and normalises `text`.
    /// - Throws: ``NameSyntaxError`` with the offset of the first offending byte.
    public init(_ text: String) throws(NameSyntaxError) {
        let bytes = Array(text.utf8)
        guard let slash = bytes.firstIndex(of: UInt8(ascii: "/")) else {
            throw NameSyntaxError(text: text, offset: bytes.count, reason: "a MIME type is type/subtype, such as application/x-notes-note: no '/'")
        }
        for (start, end) in [(0, slash), (slash + 1, bytes.count)] {
            let part = start == 0 ? "type" : "subtype"
            guard end > start else { throw NameSyntaxError(text: text, offset: start, reason: "empty \(part)") }
            guard end - start <= Self.maximumPartLength else {
                throw NameSyntaxError(text: text, offset: start + Self.maximumPartLength, reason: "a \(part) longer than \(Self.maximumPartLength) bytes")
            }
            for offset in start..<end {
                let byte = bytes[offset]
                let alphanumeric = ManifestKeyPath.isLetter(byte) || ManifestKeyPath.isDigit(byte)
                if offset == start && !alphanumeric {
                    throw NameSyntaxError(
                        text: text, offset: offset, reason: "a MIME \(part) starts with a letter or digit, not \(URLRejection.describe(byte))")
                }
                guard alphanumeric || Self.punctuation.contains(byte) else {
                    throw NameSyntaxError(
                        text: text, offset: offset,
                        reason: "\(URLRejection.describe(byte)) at byte \(offset) is not allowed in a MIME type (letters, digits, ! # $ & - ^ _ . +)")
                }
            }
        }
        let lowered = text.lowercased()
        for family in ["x-scheme-handler", "inode"] where lowered.hasPrefix(family + "/") {
            let why = family == "inode" ? "names directories, devices and FIFOs, never a document" : "is a URL scheme's type: declare the scheme in CFBundleURLSchemes"
            throw NameSyntaxError(text: text, offset: 0, reason: "\(family)/… \(why)")
        }
        rawValue = lowered
    }

    /// The part before `/`: `application`.
    public var mediaType: Substring { rawValue.prefix { $0 != "/" } }
    /// The part after `/`: `x-notes-note`.
    public var subtype: Substring { rawValue[rawValue.index(after: rawValue.firstIndex(of: "/")!)...] }

    /// Whether the subtype is in a tree an app may define types in: the vendor tree (`vnd.`),
    /// the personal tree (`prs.`) or the unregistered `x-` names (RFC 6838 §3). Registered types
    /// such as `text/plain` belong to shared-mime-info, and redefining them would change every
    /// app's files.
    public var isDefinableByApps: Bool {
        subtype.hasPrefix("x-") || subtype.hasPrefix("vnd.") || subtype.hasPrefix("prs.")
    }

    private static let punctuation = Array("!#$&-^_.+".utf8)

    /// Alphabetical order.
    public static func < (lhs: MIMEType, rhs: MIMEType) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The lower-cased type.
    public var description: String { rawValue }
}
