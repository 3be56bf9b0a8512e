import PropertyBased
import SchemeRouter
import Testing

@testable import SchemeRouterFuzzing

/// Every mutation does what it says, and none traps on any input.
@Suite struct MutationTests {
    static let base = Array("todolist://www.acme.com/a?Quarterly%20Report&b=1#200806231300".utf8)

    /// Applies one mutation many times and returns the results.
    static func results(_ mutation: Mutation, input: [UInt8] = base, count: Int = 300) -> [[UInt8]] {
        let mutator = Mutator(maximumLength: 1024)
        var rng = SplitMix64(seed: 3)
        return (0..<count).map { _ in
            var copy = input
            mutator.apply(mutation, to: &copy, donor: Array("x-other:donor?q#f".utf8), rng: &rng)
            return copy
        }
    }

    static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let needle = Array(needle.utf8)
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    @Test func flipsAndTruncations() {
        #expect(Self.results(.flipBit).allSatisfy { $0.count == Self.base.count && $0 != Self.base })
        #expect(Self.results(.truncate).allSatisfy { $0.count < Self.base.count && Self.base.starts(with: $0) })
        #expect(Self.results(.deleteRange).allSatisfy { $0.count < Self.base.count })
    }

    @Test func delimitersAreDuplicatedAndMisplaced() {
        let duplicated = Self.results(.duplicateDelimiter)
        for pair in ["??", "##", "//", "::", "&&", "=="] { #expect(duplicated.contains { Self.contains($0, pair) }, "no \(pair)") }
        let misplaced = Self.results(.misplaceDelimiter)
        for delimiter in Array("@[".utf8) {
            let before = Self.base.filter { $0 == delimiter }.count
            #expect(misplaced.contains { $0.filter { $0 == delimiter }.count > before })
        }
    }

    @Test func percentEncodingIsBroken() {
        let inserted = Self.results(.insertPercentEncoding, count: 2000)
        for token in ["%G0", "%C0%AF", "%ED%A0%80", "%00"] { #expect(inserted.contains { Self.contains($0, token) }, "no \(token)") }
        #expect(inserted.contains { $0.count == Self.base.count + 1 && $0.contains(UInt8(ascii: "%")) })
        let broken = Self.results(.breakPercentEncoding)
        #expect(broken.contains { (try? SchemeURL(bytes: $0)) == nil })
    }

    @Test func rawBytesShellAndSchemes() {
        let raw = Self.results(.insertRawByte, count: 2000)
        #expect(raw.contains { $0.contains(0x00) } && raw.contains { $0.contains(0x7F) } && raw.contains { $0.contains(0xFF) })
        #expect(raw.contains { Self.contains($0, "😀") })
        let shell = Self.results(.insertShell, count: 1000)
        for token in ["$(id)", "`id`", ";", "|"] { #expect(shell.contains { Self.contains($0, token) }, "no \(token)") }
        let schemes = Self.results(.schemeGame, count: 1000)
        #expect(schemes.contains { $0.prefix(8).contains { (0x41...0x5A).contains($0) } })
        #expect(schemes.contains { $0.starts(with: Array("javascript:".utf8)) })
        #expect(schemes.contains { !$0.contains(UInt8(ascii: ":")) || $0.starts(with: Array("todolist::".utf8)) })
    }

    @Test func hugeInputsStraddleTheMaximum() {
        let lengths = Set(Self.results(.huge).map(\.count))
        #expect(lengths.contains(1024) && lengths.contains(1025))
        #expect(lengths.allSatisfy { $0 >= 1024 })
        #expect(lengths.contains { $0 > 2048 })
    }

    @Test func boundaryNumbersReplaceDigits() {
        let numbers = Self.results(.boundaryNumber, count: 1000)
        #expect(numbers.contains { Self.contains($0, "#9223372036854775808") || Self.contains($0, "=9223372036854775808") })
        #expect(numbers.contains { Self.contains($0, "#-1") || Self.contains($0, "=-1") })
    }

    /// No mutation traps, whatever the input (empty included) and the donor.
    @Test func mutationsNeverTrap() async {
        let bytes = Gen<UInt8>.value(in: 0...255).array(of: 0...80)
        await propertyCheck(count: 400, input: bytes, bytes, Gen<UInt64>.value(in: 0...UInt64.max)) { input, donor, seed in
            var rng = SplitMix64(seed: seed)
            let mutator = Mutator(maximumLength: 256)
            for mutation in Mutation.allCases {
                var copy = input
                mutator.apply(mutation, to: &copy, donor: donor, rng: &rng)
            }
            var copy = input
            mutator.mutate(&copy, donor: donor, rng: &rng)
        }
    }
}
