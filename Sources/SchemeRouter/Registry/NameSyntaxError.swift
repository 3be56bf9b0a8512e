/// Why a scheme name or a `CFBundleURLName` was rejected, with the byte offset of the fault.
public struct NameSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text that was checked.
    public let text: String
    /// The byte offset in ``text`` of the first byte that breaks the rule.
    public let offset: Int
    /// The rule the text breaks.
    public let reason: String

    /// `'com.acme-corp.todo': '-' at byte 8 is not allowed …`.
    public var description: String { "'\(text)': \(reason)" }
}
