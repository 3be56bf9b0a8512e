import Testing

@testable import SchemeRouter

/// The parser's sixteen-byte classifiers mark exactly the bytes their word-at-a-time twins
/// (``ByteWord``) document, in every lane.
@Suite struct ByteVectorTests {
    /// Each classifier, with the bytes it documents.
    static let classifiers: [(name: String, classify: @Sendable (ByteVector.Vector) -> ByteVector.Mask, documented: @Sendable (UInt8) -> Bool)] = [
        ("surelyPlain", ByteVector.surelyPlain, ByteWordTests.isSurelyPlain),
        ("hexDigits", ByteVector.hexDigits, ByteWordTests.classifiers[2].documented),
        ("percentSigns", ByteVector.percentSigns, { $0 == UInt8(ascii: "%") }),
        ("schemeCharacters", ByteVector.schemeCharacters, { byte in
            CharacterClass.table[Int(byte)] & CharacterClass.scheme != 0 || CharacterClass.table[Int(byte)] & CharacterClass.alpha != 0
        }),
    ]

    /// Every byte value in every lane, the other lanes holding every value too (shifted).
    @Test(arguments: 0..<4)
    func marksExactlyTheDocumentedBytes(classifier: Int) {
        let (name, classify, documented) = Self.classifiers[classifier]
        var wrong: [String] = []
        var wrongCount = 0
        for value in 0...255 {
            for lane in 0..<16 {
                var vector = ByteVector.Vector()
                for other in 0..<16 { vector[other] = UInt8(truncatingIfNeeded: value &+ other &* 17) }
                vector[lane] = UInt8(value)
                let (low, high) = ByteVector.unmarked(classify(vector))
                for index in 0..<16 {
                    let word = index < 8 ? low : high
                    let unmarked = (word >> (8 * UInt64(index % 8) + 7)) & 1 == 1
                    if unmarked == documented(vector[index]) {
                        wrongCount += 1
                        if wrong.count < 5 { wrong.append("lane \(index) = \(vector[index])") }
                    }
                }
                if (low | high) & ~ByteWord.high != 0 { wrongCount += 1 }
            }
        }
        #expect(wrongCount == 0, "\(name): first wrong: \(wrong)")
    }

    /// `bytes(_:)` is `0xFF` exactly in the set lanes.
    @Test func masksAsBytes() {
        let vector = ByteVector.Vector(0, 37, 2, 37, 4, 5, 37, 7, 8, 9, 10, 37, 12, 13, 14, 37)
        let bytes = ByteVector.bytes(ByteVector.percentSigns(vector))
        for lane in 0..<16 { #expect(bytes[lane] == (vector[lane] == 37 ? 0xFF : 0), "lane \(lane)") }
    }

    /// `allMarked(_:)` and `firstUnmarked(_:)` over every one of the 65,536 masks: whether each lane
    /// is set, and the first lane that is not (16 when none).
    @Test func firstUnmarkedLaneOfEveryMask() {
        var wrong: [Int] = []
        for pattern in 0..<(1 << 16) {
            var vector = ByteVector.Vector()
            for lane in 0..<16 where pattern & (1 << lane) != 0 { vector[lane] = 37 }
            let mask = ByteVector.percentSigns(vector)
            let expected = (0..<16).first { pattern & (1 << $0) == 0 } ?? 16
            if ByteVector.firstUnmarked(mask) != expected || ByteVector.allMarked(mask) != (pattern == 0xFFFF) {
                wrong.append(pattern)
            }
        }
        #expect(wrong.isEmpty, "first wrong masks: \(wrong.prefix(5))")
    }
}
