import Testing

@testable import SchemeRouter

/// The parser's word-at-a-time classifier marks exactly the bytes it documents, wherever they
/// stand and whatever their neighbours are (an addition that carried into the next byte would
/// show up as a wrong neighbour).
@Suite struct ByteWordTests {
    /// The classifiers, each with the bytes it documents.
    static let classifiers: [(name: String, marks: @Sendable (UInt64) -> UInt64, documented: @Sendable (UInt8) -> Bool)] = [
        ("surelyPlain", ByteWord.surelyPlain, isSurelyPlain),
        ("surelyRegName", ByteWord.surelyRegName, { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "&")...UInt8(ascii: "."):
                return true
            default:
                return false
            }
        }),
        ("hexDigits", ByteWord.hexDigits, { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"), UInt8(ascii: "a")...UInt8(ascii: "f"):
                return true
            default:
                return false
            }
        }),
        ("percentSigns", ByteWord.percentSigns, { $0 == UInt8(ascii: "%") }),
    ]

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
    @Test(arguments: [0, 3, 6], 0..<4)
    func marksExactlyTheDocumentedBytes(position: Int, classifier: Int) {
        let (name, classify, documented) = Self.classifiers[classifier]
        var wrongPairs = 0
        var firstWrong: (lower: Int, upper: Int)? = nil
        for lower in 0...255 {
            for upper in 0...255 {
                // The rest of the word is `%`, which no classifier marks.
                var bytes = [UInt8](repeating: UInt8(ascii: "%"), count: 8)
                bytes[position] = UInt8(lower)
                bytes[position + 1] = UInt8(upper)
                let marks = bytes.withUnsafeBufferPointer { classify(ByteWord.load($0.baseAddress!)) }
                var wrong = marks & ~ByteWord.high != 0
                for (index, byte) in bytes.enumerated() {
                    let marked = (marks >> (8 * UInt64(index) + 7)) & 1 == 1
                    if marked != documented(byte) { wrong = true }
                }
                if wrong {
                    wrongPairs += 1
                    if firstWrong == nil { firstWrong = (lower, upper) }
                }
            }
        }
        #expect(wrongPairs == 0, "\(name): first wrong pair: \(String(describing: firstWrong))")
    }

    /// What a classifier marks may stand raw where the parser uses it: it passes those bytes unseen.
    @Test func marksOnlyPlainBytes() {
        for byte in 0...255 {
            let table = CharacterClass.table[byte]
            if Self.isSurelyPlain(UInt8(byte)) {
                #expect(table & CharacterClass.pathMask != 0, "\(byte)")
                #expect(table & CharacterClass.queryMask != 0, "\(byte)")
            }
            if Self.classifiers[1].documented(UInt8(byte)) { #expect(table & CharacterClass.regNameMask != 0, "\(byte)") }
        }
    }
}
