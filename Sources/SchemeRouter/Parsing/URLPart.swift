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
    ///
    /// Separators are found in the bytes eight at a time; only the pieces' bounds are made into
    /// string indices (an ASCII separator never splits a character).
    public func split(separator: UInt8) -> [URLPart] {
        let utf8 = raw.utf8
        return raw.utf8.span.withUnsafeBufferPointer { bytes in
            let count = bytes.count
            guard let base = bytes.baseAddress, count > 0 else { return [URLPart(raw: raw, offset: offset)] }
            var parts: [URLPart] = []
            parts.reserveCapacity(1 + ByteText.count(of: separator, in: base, from: 0, to: count))
            let pattern = ByteText.broadcast(separator)
            var start = 0
            var startIndex = utf8.startIndex
            while true {
                let end = ByteText.firstOf(pattern, pattern, pattern, pattern, in: base, from: start, to: count)
                let endIndex = utf8.index(startIndex, offsetBy: end - start)
                parts.append(URLPart(raw: Substring(utf8[startIndex..<endIndex]), offset: offset + start))
                if end == count { return parts }
                start = end + 1
                startIndex = utf8.index(after: endIndex)
            }
        }
    }

    /// The part up to the first `separator` byte and the part after it, or `nil` when there is none.
    func splitOnce(at separator: UInt8) -> (URLPart, URLPart)? {
        let utf8 = raw.utf8
        let position = raw.utf8.span.withUnsafeBufferPointer { bytes -> Int? in
            guard let base = bytes.baseAddress else { return nil }
            let pattern = ByteText.broadcast(separator)
            let found = ByteText.firstOf(pattern, pattern, pattern, pattern, in: base, from: 0, to: bytes.count)
            return found < bytes.count ? found : nil
        }
        guard let position else { return nil }
        let cut = utf8.index(utf8.startIndex, offsetBy: position)
        let after = utf8.index(after: cut)
        return (
            URLPart(raw: Substring(utf8[utf8.startIndex..<cut]), offset: offset),
            URLPart(raw: Substring(utf8[after..<utf8.endIndex]), offset: offset + position + 1)
        )
    }
}

/// One `name[=value]` item of a query split at `&`.
public struct QueryItem: Sendable, Hashable {
    /// The name, as written.
    public let name: URLPart
    /// The value after the first `=`, as written; `nil` when the item has no `=`.
    public let value: URLPart?
}
