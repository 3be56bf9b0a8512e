import Testing

@testable import SchemeRouter

/// The parser's word-at-a-time classifier marks exactly the bytes it documents, wherever they
/// stand and whatever their neighbours are (an addition that carried into the next byte would
/// show up as a wrong neighbour).
@Suite struct ByteWordTests {
    static func isSurelyPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "&")...UInt8(ascii: ";"), UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }

    /// Every pair of neighbouring byte values, at the bottom, middle and top of a word.
    @Test(arguments: [0, 3, 6])
    func marksExactlyTheDocumentedBytes(position: Int) {
        var wrongPairs = 0
        var firstWrong: (lower: Int, upper: Int)? = nil
        for lower in 0...255 {
            for upper in 0...255 {
                // The rest of the word is `%`, never surely plain.
                var bytes = [UInt8](repeating: UInt8(ascii: "%"), count: 8)
                bytes[position] = UInt8(lower)
                bytes[position + 1] = UInt8(upper)
                let marks = bytes.withUnsafeBufferPointer { ByteWord.surelyPlain(ByteWord.load($0.baseAddress!)) }
                for (index, byte) in bytes.enumerated() {
                    let marked = (marks >> (8 * UInt64(index) + 7)) & 1 == 1
                    if marked != Self.isSurelyPlain(byte) {
                        wrongPairs += 1
                        if firstWrong == nil { firstWrong = (lower, upper) }
                    }
                }
                #expect(marks & ~ByteWord.high == 0)
            }
        }
        #expect(wrongPairs == 0, "first wrong pair: \(String(describing: firstWrong))")
    }

    /// What it marks may stand raw in a path, a query and a fragment: the parser passes it unseen.
    @Test func marksOnlyPlainBytes() {
        for byte in 0...255 where Self.isSurelyPlain(UInt8(byte)) {
            #expect(CharacterClass.table[byte] & CharacterClass.pathMask != 0, "\(byte)")
            #expect(CharacterClass.table[byte] & CharacterClass.queryMask != 0, "\(byte)")
        }
    }
}
