/// One way to damage an input. ``Mutator`` applies a few in a row.
///
/// Each case is one attack the issue names, so a campaign's inputs cover every one of them.
public enum Mutation: String, CaseIterable, Sendable {
    /// Flip one bit of one byte.
    case flipBit
    /// Overwrite one byte with a random one.
    case setByte
    /// Delete a run of bytes.
    case deleteRange
    /// Cut the input short at a random point.
    case truncate
    /// Duplicate a delimiter already in the input (`??`, `##`, `@@`, `::`, `[[`).
    case duplicateDelimiter
    /// Insert a delimiter where it does not belong.
    case misplaceDelimiter
    /// Insert a broken, overlong or hostile percent-encoding (`%`, `%G0`, `%C0%AF`, `%ED%A0%80`, `%00`…).
    case insertPercentEncoding
    /// Turn a run of `%XX` escapes into something broken: cut one, change a hex digit to a non-hex one.
    case breakPercentEncoding
    /// Percent-encode one byte (`a` → `%61`), or decode one escape into its raw byte.
    case toggleEncoding
    /// Insert a raw control character, DEL, NUL, or raw non-ASCII (including invalid UTF-8).
    case insertRawByte
    /// Insert a shell metacharacter or a command injection.
    case insertShell
    /// Insert an authority or path shape (`[::1]`, `:65536`, `..`, `//`, `user:pass@`).
    case insertStructure
    /// Change the scheme's case, or its syntax (a digit first, no colon, a reserved scheme instead).
    case schemeGame
    /// Grow the input past the parser's maximum length (or to exactly it).
    case huge
    /// Duplicate a run of the input in place.
    case duplicateRange
    /// Splice a run of another input in (crossover).
    case crossover
    /// Replace a run of digits with a boundary number (`0`, `-1`, `65536`, `2147483648`, `9223372036854775808`).
    case boundaryNumber
}

/// Applies ``Mutation``s to inputs, with every choice drawn from the campaign's generator.
public struct Mutator: Sendable {
    /// The parser's maximum length, so ``Mutation/huge`` lands just past (or exactly on) it.
    public var maximumLength: Int

    /// Creates a mutator for a parser with this maximum length.
    public init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    /// Applies one to a few random mutations to `input`. `donor` is another input for crossover.
    public func mutate(_ input: inout [UInt8], donor: [UInt8], rng: inout SplitMix64) {
        let count = rng.geometric(maximum: 5)
        for _ in 0..<count {
            var mutation = rng.pick(Mutation.allCases)
            // Huge inputs are slow to parse: keep them rare so throughput stays representative.
            if mutation == .huge && !rng.chance(3) { mutation = .setByte }
            apply(mutation, to: &input, donor: donor, rng: &rng)
        }
    }

    /// Applies `mutation` once.
    public func apply(_ mutation: Mutation, to input: inout [UInt8], donor: [UInt8], rng: inout SplitMix64) {
        switch mutation {
        case .flipBit:
            guard !input.isEmpty else { return input.append(UInt8(truncatingIfNeeded: rng.next())) }
            let index = rng.below(input.count)
            input[index] ^= 1 << UInt8(rng.below(8))
        case .setByte:
            guard !input.isEmpty else { return input.append(UInt8(truncatingIfNeeded: rng.next())) }
            input[rng.below(input.count)] = UInt8(truncatingIfNeeded: rng.next())
        case .deleteRange:
            guard !input.isEmpty else { return }
            let start = rng.below(input.count)
            let length = min(input.count - start, rng.geometric(maximum: 16))
            input.removeSubrange(start..<start + length)
        case .truncate:
            guard !input.isEmpty else { return }
            input.removeSubrange(rng.below(input.count)...)
        case .duplicateDelimiter:
            guard let index = randomPosition(in: input, rng: &rng, where: Self.isDelimiter) else {
                return apply(.misplaceDelimiter, to: &input, donor: donor, rng: &rng)
            }
            input.insert(contentsOf: repeatElement(input[index], count: rng.geometric(maximum: 3)), at: index)
        case .misplaceDelimiter:
            input.insert(rng.pick(FuzzTokens.delimiters), at: rng.below(input.count + 1))
        case .insertPercentEncoding:
            insert(rng.pick(FuzzTokens.percentEncodings), into: &input, rng: &rng)
        case .breakPercentEncoding:
            guard let index = randomPosition(in: input, rng: &rng, where: { $0 == UInt8(ascii: "%") }) else {
                return apply(.insertPercentEncoding, to: &input, donor: donor, rng: &rng)
            }
            switch rng.below(3) {
            case 0: input.removeSubrange(index + 1..<min(input.count, index + 1 + rng.inRange(1...2)))
            case 1: if index + 1 < input.count { input[index + 1] = rng.pick(Array("GgZz%-. ".utf8)) }
            default: if index + 2 < input.count { input[index + 2] = rng.pick(Array("Gx/#".utf8)) }
            }
        case .toggleEncoding:
            guard !input.isEmpty else { return }
            let index = rng.below(input.count)
            if input[index] == UInt8(ascii: "%"), index + 2 < input.count,
                let high = Hex.digitValue(input[index + 1]), let low = Hex.digitValue(input[index + 2])
            {
                input.replaceSubrange(index...index + 2, with: [high << 4 | low])
            } else {
                let byte = input[index]
                input.replaceSubrange(index...index, with: [UInt8(ascii: "%"), hexDigit(byte >> 4), hexDigit(byte & 0xF)])
            }
        case .insertRawByte:
            insert(rng.pick(FuzzTokens.rawBytes), into: &input, rng: &rng)
        case .insertShell:
            insert(rng.pick(FuzzTokens.shell), into: &input, rng: &rng)
        case .insertStructure:
            insert(rng.pick(FuzzTokens.structure), into: &input, rng: &rng)
        case .schemeGame:
            schemeGame(&input, rng: &rng)
        case .huge:
            huge(&input, rng: &rng)
        case .duplicateRange:
            guard !input.isEmpty else { return }
            let start = rng.below(input.count)
            let length = min(input.count - start, rng.geometric(maximum: 32))
            let chunk = Array(input[start..<start + length])
            input.insert(contentsOf: chunk, at: rng.below(input.count + 1))
        case .crossover:
            guard !donor.isEmpty else { return }
            let start = rng.below(donor.count)
            let length = min(donor.count - start, rng.inRange(1...32))
            let chunk = donor[start..<start + length]
            if input.isEmpty || rng.chance(50) {
                input.insert(contentsOf: chunk, at: rng.below(input.count + 1))
            } else {
                let at = rng.below(input.count)
                input.replaceSubrange(at..<min(input.count, at + length), with: chunk)
            }
        case .boundaryNumber:
            boundaryNumber(&input, rng: &rng)
        }
    }

    private func insert(_ token: [UInt8], into input: inout [UInt8], rng: inout SplitMix64) {
        let at = rng.below(input.count + 1)
        if rng.chance(30), at < input.count {
            // Replace instead of insert, so lengths stay put sometimes.
            input.replaceSubrange(at..<min(input.count, at + token.count), with: token)
        } else {
            input.insert(contentsOf: token, at: at)
        }
    }

    private func schemeGame(_ input: inout [UInt8], rng: inout SplitMix64) {
        let colon = input.firstIndex(of: UInt8(ascii: ":")) ?? 0
        switch rng.below(5) {
        case 0, 1:
            // Case games: flip the case of some scheme letters.
            for index in 0..<colon where rng.chance(50) {
                let byte = input[index]
                if (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) { input[index] = byte ^ 0x20 }
            }
        case 2:
            // Replace the scheme (with its colon) by a foreign, reserved, empty or malformed one.
            let end = colon < input.count && input[colon] == UInt8(ascii: ":") ? colon + 1 : 0
            input.replaceSubrange(0..<end, with: rng.pick(FuzzTokens.schemes))
        case 3:
            // Drop the colon, or double it.
            if colon < input.count && input[colon] == UInt8(ascii: ":") {
                if rng.chance(50) { input.remove(at: colon) } else { input.insert(UInt8(ascii: ":"), at: colon) }
            }
        default:
            // Something that is not a scheme character inside the scheme.
            input.insert(rng.pick(Array("_ %~!0+-.".utf8)), at: rng.below(min(input.count, max(1, colon)) + 1))
        }
    }

    private func huge(_ input: inout [UInt8], rng: inout SplitMix64) {
        let target: Int
        switch rng.below(4) {
        case 0: target = maximumLength
        case 1: target = maximumLength + 1
        case 2: target = maximumLength + rng.inRange(2...64)
        default: target = maximumLength * 2 + rng.below(1024)
        }
        if input.isEmpty { input = Array("a:".utf8) }
        let filler: [UInt8] = rng.pick(Self.fillers + [input])
        guard !filler.isEmpty, input.count < target else {
            if input.count > target { input.removeSubrange(target...) }
            return
        }
        input.reserveCapacity(target)
        // Grow by doubling the filler, so a 32 KiB input takes a dozen copies, not thousands.
        var chunk = filler
        while input.count < target {
            input.append(contentsOf: chunk.prefix(target - input.count))
            if chunk.count < 4096 { chunk += chunk }
        }
    }

    private static let fillers: [[UInt8]] = [Array("a".utf8), Array("%41".utf8), Array("/".utf8), Array("a=b&".utf8)]

    private static let boundaries: [[UInt8]] = [
        "0", "-0", "00", "01", "1", "-1", "+1", "9", "10", "99", "255", "256", "1000", "65535", "65536", "2147483647",
        "2147483648", "-2147483649", "4294967296", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "99999999999999999999999", "1e3", "0x10", "1.0", "", "29", "30", "31", "32", "13", "24",
        "60", "0000", "9999", "10000", "1900", "2000", "2100",
    ].map { Array($0.utf8) }

    /// A uniformly chosen index of a byte that satisfies `test` (reservoir sampling: one pass, no
    /// allocation), or `nil` when none does.
    private func randomPosition(in input: [UInt8], rng: inout SplitMix64, where test: (UInt8) -> Bool) -> Int? {
        var chosen: Int? = nil
        var seen = 0
        for index in input.indices where test(input[index]) {
            seen += 1
            if rng.below(seen) == 0 { chosen = index }
        }
        return chosen
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "/"), UInt8(ascii: "&"), UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: "+"), UInt8(ascii: ","):
            true
        default: false
        }
    }

    private func boundaryNumber(_ input: inout [UInt8], rng: inout SplitMix64) {
        let replacement = rng.pick(Self.boundaries)
        guard var start = randomPosition(in: input, rng: &rng, where: { (0x30...0x39).contains($0) }) else {
            input.insert(contentsOf: replacement, at: rng.below(input.count + 1))
            return
        }
        var end = start + 1
        while start > 0, (0x30...0x39).contains(input[start - 1]) { start -= 1 }
        while end < input.count, (0x30...0x39).contains(input[end]) { end += 1 }
        input.replaceSubrange(start..<end, with: replacement)
    }

    private func hexDigit(_ nibble: UInt8) -> UInt8 {
        Array("0123456789ABCDEF".utf8)[Int(nibble)]
    }
}
