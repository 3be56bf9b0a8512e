/// A piece of a parsed URL exactly as written, with the byte offset where it starts.
///
/// Parts are views into the URL's text (no copies). ``decoded(_:)`` percent-decodes on demand and
/// reports faults at absolute byte offsets of the whole URL.
public struct URLPart: Sendable, Hashable, CustomStringConvertible {
    /// The bytes as written, percent-escapes and all.
    public let raw: Substring
    /// The byte offset of `raw`'s first byte in the whole URL.
    public let offset: Int

    /// Creates a part from a view into a URL and its byte offset.
    public init(raw: Substring, offset: Int) {
        self.raw = raw
        self.offset = offset
    }

    /// Percent-decodes the part into text.
    ///
    /// - Parameter decoding: the policy; ``PercentDecoding/text`` by default (`+` stays `+`, no controls).
    /// - Throws: ``URLRejection`` for invalid UTF-8 or a decoded control character, at its byte offset.
    public func decoded(_ decoding: PercentDecoding = .text) throws(URLRejection) -> String {
        try decoding.decode(raw, offset: offset)
    }

    /// Whether the part is empty.
    public var isEmpty: Bool { raw.isEmpty }

    /// The part as written.
    public var description: String { String(raw) }

    /// Splits the part at every `separator` byte, keeping empty pieces, each with its own offset.
    public func split(separator: UInt8) -> [URLPart] {
        var parts: [URLPart] = []
        let utf8 = raw.utf8
        var start = utf8.startIndex
        var startOffset = offset
        var position = offset
        var index = start
        while index < utf8.endIndex {
            if utf8[index] == separator {
                parts.append(URLPart(raw: Substring(utf8[start..<index]), offset: startOffset))
                start = utf8.index(after: index)
                startOffset = position + 1
            }
            position += 1
            index = utf8.index(after: index)
        }
        parts.append(URLPart(raw: Substring(utf8[start..<utf8.endIndex]), offset: startOffset))
        return parts
    }
}

/// One `name[=value]` item of a query split at `&`.
public struct QueryItem: Sendable, Hashable {
    /// The name, as written.
    public let name: URLPart
    /// The value after the first `=`, as written; `nil` when the item has no `=`.
    public let value: URLPart?
}
