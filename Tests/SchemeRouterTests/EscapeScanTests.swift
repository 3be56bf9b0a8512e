import PropertyBased
import Testing

@testable import SchemeRouter

/// The parser's word-at-a-time scan of paths, queries and fragments, which lets escapes pass
/// without leaving its loop, finds exactly what a byte-by-byte scan finds: the same verdict and the
/// same first fault, over text dense with `%`, hex digits, delimiters and bytes that stop the scan.
@Suite struct EscapeScanTests {
    /// Pieces that meet the scan's edges: escapes valid and not, `%` at a word's end, bytes that
    /// are plain but not "surely plain", delimiters and faults.
    static let pieces: [String] = [
        "%41", "%e9", "%C3%A9", "%2F", "%", "%4", "%G1", "%4g", "%%41", "a", "Zz", "09", "-._", "~", "!$'()*+,;=",
        ":@", "/", "?", "#", " ", "[", "^", "&", "abcdefgh",
    ]

    static let texts = Generator { (rng: inout any SeededRandomNumberGenerator) -> String in
        var text = "s://h/"
        for _ in 0..<Int.random(in: 0...40, using: &rng) {
            text += pieces[Int.random(in: 0..<pieces.count, using: &rng)]
        }
        return text
    }

    /// The first fault of `bytes` after `s://h/` by a plain byte loop over the RFC 3986 grammar of
    /// path, query and fragment, or `nil` when there is none.
    static func firstFault(_ bytes: [UInt8]) -> Int? {
        let table = CharacterClass.table
        var allowed = CharacterClass.pathMask
        var inFragment = false
        var index = 6
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, table[Int(bytes[index + 1])] & CharacterClass.hex != 0,
                    table[Int(bytes[index + 2])] & CharacterClass.hex != 0
                else { return index }
                index += 3
                continue
            }
            if byte == UInt8(ascii: "#") {
                if inFragment { return index }
                inFragment = true
                allowed = CharacterClass.queryMask
            } else if byte == UInt8(ascii: "?") && allowed == CharacterClass.pathMask {
                allowed = CharacterClass.queryMask
            } else if table[Int(byte)] & allowed == 0 {
                return index
            }
            index += 1
        }
        return nil
    }

    @Test func wordScanAgreesWithAByteLoop() async {
        await propertyCheck(count: 4000, input: Self.texts) { text in
            let bytes = Array(text.utf8)
            let expected = Self.firstFault(bytes)
            do throws(URLRejection) {
                _ = try URLParser.validate(text)
                #expect(expected == nil, "\(text) accepted; a byte loop finds a fault at \(expected ?? -1)")
            } catch {
                #expect(error.offset == expected, "\(text): \(error)")
            }
        }
    }
}
