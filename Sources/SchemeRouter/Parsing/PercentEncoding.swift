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
    /// A file URL's path: every byte a path segment allows raw, and `/` (GLib's `g_filename_to_uri` agrees).
    static let filePath = allowing("!$&'()*+,;=:@/")

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
        encode(bytes: text.utf8, allowed)
    }

    /// `bytes` with every byte outside `allowed` written as `%XX` (upper-case hex).
    static func encode(bytes: some Collection<UInt8>, _ allowed: Allowed) -> String {
        var out = ""
        out.reserveCapacity(bytes.count)
        for byte in bytes {
            if allowed.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + URLRejection.hex(UInt32(byte), width: 2)
            }
        }
        return out
    }
}
