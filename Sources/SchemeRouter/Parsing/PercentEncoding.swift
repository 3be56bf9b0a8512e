/// Percent-encoding for printing URLs: which bytes may stay raw in each place a route prints a
/// value, so the value reads back exactly.
enum PercentEncoding {
    /// A path segment: unreserved characters and `!$&'()*+,;=:@` stay raw (`/` is encoded).
    static let pathSegment = allowing("!$&'()*+,;=:@")
    /// A query item's key or value: `&`, `=`, `+` and `#` are encoded (they delimit items, or
    /// read as a space under form decoding).
    static let queryItem = allowing("!$'()*,;:@/?")
    /// A whole raw query: `&` and `=` stay raw; `+` is encoded (form decoding reads it as a space).
    static let rawQuery = allowing("!$&'()*,;=:@/?")
    /// A fragment: everything a fragment allows raw except `#` and `%`.
    static let fragment = allowing("!$&'()*+,;=:@/?")

    /// The bytes that stay raw, as a 128-bit set over ASCII: unreserved plus `extra`.
    struct Allowed {
        var low: UInt64 = 0
        var high: UInt64 = 0

        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
        }

        mutating func insert(_ byte: UInt8) {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
    }

    private static func allowing(_ extra: String) -> Allowed {
        var set = Allowed()
        for byte in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8 { set.insert(byte) }
        for byte in extra.utf8 { set.insert(byte) }
        return set
    }

    /// `text`'s UTF-8 with every byte outside `allowed` written as `%XX` (upper-case hex).
    static func encode(_ text: String, _ allowed: Allowed) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if allowed.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + URLRejection.hex(UInt32(byte), width: 2)
            }
        }
        return out
    }
}
