internal import SchemeRouterSender

/// Finds an embedded manifest's `CFBundleURLName` without decoding the whole manifest.
///
/// A sender needs only the bundle name (it names the socket), and the first full
/// `Manifest(json:file:)` in a freshly started static executable costs 0.2–0.4 ms (generic
/// metadata and conformances instantiated on first use; 14 µs when warm): more than a quarter
/// of a wake. This scan walks the JSON's top-level object, skipping every other value, and
/// returns the name when it is a plain string. Anything it does not understand returns `nil`,
/// and the caller falls back to the full parse; the primary always does the full parse and
/// checks that the two agree.
enum ManifestName {
    /// The top-level `CFBundleURLName` string, or `nil`.
    static func scan(_ json: String) -> String? {
        var text = json
        return text.withUTF8 { bytes in
            var scanner = Scanner(bytes: bytes)
            return scanner.bundleName()
        }
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func bundleName() -> String? {
            skipSpace()
            guard take(0x7B) else { return nil }  // {
            var found: String?
            while true {
                skipSpace()
                guard let key = plainString() else { return nil }
                skipSpace()
                guard take(0x3A) else { return nil }  // :
                skipSpace()
                if key == "CFBundleURLName" {
                    guard found == nil, let value = plainString() else { return nil }
                    found = value
                } else {
                    guard skipValue(depth: 0) else { return nil }
                }
                skipSpace()
                if take(0x2C) { continue }  // ,
                guard take(0x7D) else { return nil }  // }
                skipSpace()
                return index == bytes.count ? found : nil
            }
        }

        mutating func skipSpace() {
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        }

        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// A string without escapes (names never need them); `nil` otherwise.
        mutating func plainString() -> String? {
            guard take(0x22) else { return nil }
            let start = index
            while index < bytes.count, bytes[index] != 0x22 {
                if bytes[index] == 0x5C || bytes[index] < 0x20 { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// Skips one value of any kind; `false` on anything malformed.
        mutating func skipValue(depth: Int) -> Bool {
            guard depth < 64, index < bytes.count else { return false }
            switch bytes[index] {
            case 0x22:  // string, escapes allowed
                index += 1
                while index < bytes.count, bytes[index] != 0x22 {
                    index += bytes[index] == 0x5C ? 2 : 1
                }
                guard index < bytes.count else { return false }
                index += 1
                return true
            case 0x7B, 0x5B:  // { or [
                let close: UInt8 = bytes[index] == 0x7B ? 0x7D : 0x5D
                let isObject = close == 0x7D
                index += 1
                skipSpace()
                if take(close) { return true }
                while true {
                    skipSpace()
                    if isObject {
                        guard skipValue(depth: depth + 1) else { return false }
                        skipSpace()
                        guard take(0x3A) else { return false }
                        skipSpace()
                    }
                    guard skipValue(depth: depth + 1) else { return false }
                    skipSpace()
                    if take(0x2C) { continue }
                    return take(close)
                }
            default:  // number, true, false, null
                let start = index
                while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != 0x2C, bytes[index] != 0x7D, bytes[index] != 0x5D {
                    index += 1
                }
                return index > start
            }
        }
    }
}
