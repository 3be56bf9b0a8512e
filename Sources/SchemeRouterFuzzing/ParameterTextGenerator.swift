public import SchemeRouter

/// Decoded texts for a route parameter: valid values, and values at and just past every edge of
/// the parameter's type (empty, maximum length, maximum + 1, boundary numbers, leap days, invalid
/// dates, keywords and near-keywords).
///
/// Texts are decoded (what the app should read), as UTF-8 bytes; `URLComponentEncoder` writes
/// them into a URL.
public struct ParameterTextGenerator: Sendable {
    /// Creates a generator.
    public init() {}

    /// A text for `spec`: about two thirds of the time a valid value, otherwise an edge case that
    /// may or may not be valid.
    public func text(for spec: ParameterSpec, rng: inout SplitMix64) -> [UInt8] {
        switch spec.kind {
        case .string(let minLength, let maxLength) where spec.keywords.isEmpty || !rng.chance(15):
            return stringText(minLength: minLength, maxLength: maxLength, valid: rng.chance(65), rng: &rng)
        case .remainder:
            return stringText(minLength: 1, maxLength: 24, valid: rng.chance(65), rng: &rng)
        default:
            return Array(scalarText(for: spec, rng: &rng).utf8)
        }
    }

    /// A text for any parameter type but strings (small texts, built as `String`s).
    func scalarText(for spec: ParameterSpec, rng: inout SplitMix64) -> String {
        if !spec.keywords.isEmpty && rng.chance(15) { return keywordText(spec.keywords, rng: &rng) }
        let valid = rng.chance(65)
        switch spec.kind {
        case .string(let minLength, let maxLength):
            return String(decoding: stringText(minLength: minLength, maxLength: maxLength, valid: valid, rng: &rng), as: UTF8.self)
        case .integer(let min, let max):
            return integerText(min: min, max: max, valid: valid, rng: &rng)
        case .uuid:
            return uuidText(valid: valid, rng: &rng)
        case .boolean:
            return valid ? rng.pick(["true", "false", "1", "0"]) : rng.pick(["TRUE", "True", "yes", "no", "", "2", "-1", "01", "true ", "t"])
        case .enumeration(let values):
            return enumerationText(values, valid: valid, rng: &rng)
        case .date(let format):
            return DateEdges.text(format: format, valid: valid, rng: &rng)
        case .remainder:
            return String(decoding: stringText(minLength: 1, maxLength: 24, valid: valid, rng: &rng), as: UTF8.self)
        case .url(let schemes):
            return urlText(schemes: schemes, valid: valid, rng: &rng)
        }
    }

    /// An absolute URL of an allowed scheme, or one of another scheme, relative, or malformed.
    func urlText(schemes: [String], valid: Bool, rng: inout SplitMix64) -> String {
        let paths = ["", "/", "/a/b?c=d#e", "/%20x", "/~x"]
        guard valid else {
            return rng.pick([
                "", "example.com/x", "//example.com", "ftp://example.com/", "\(rng.pick(schemes))://exa mple.com",
                "\(rng.pick(schemes))://[::1", "\(rng.pick(schemes)):%zz", "javascript:alert(1)", rng.pick(schemes).uppercased() + "://x",
            ])
        }
        return rng.pick(schemes) + "://" + rng.pick(["example.com", "127.0.0.1", "[::1]", "a.b:8080"]) + rng.pick(paths)
    }

    /// The segments of a catch-all: one or more, sometimes empty or dot segments.
    public func remainderSegments(rng: inout SplitMix64) -> [[UInt8]] {
        let count = rng.geometric(maximum: 5)
        return (0..<count).map { _ in
            switch rng.below(12) {
            case 0: []
            case 1: Array(".".utf8)
            case 2: Array("..".utf8)
            default: stringText(minLength: 1, maxLength: 16, valid: true, rng: &rng)
            }
        }
    }

    private func keywordText(_ keywords: [String], rng: inout SplitMix64) -> String {
        let keyword = rng.pick(keywords)
        switch rng.below(6) {
        case 0: return keyword.uppercased()
        case 1: return keyword + " "
        case 2: return String(keyword.dropLast())
        default: return keyword
        }
    }

    /// Characters of every width and kind: ASCII, reserved delimiters (to be escaped), 2-, 3- and
    /// 4-byte UTF-8, combining marks, bidi overrides, a BOM, and control characters (which strict
    /// decoding must refuse).
    private static let plainScalars: [UInt8] = Array("abcdefghijklmnopqrstuvwxyzABCXYZ0123456789-._~".utf8)
    private static let specialScalars: [[UInt8]] =
        " !$&'()*+,;=:@/?#[]%\"<>\\^`{|}éß日本語😀\u{301}\u{202E}\u{FEFF}\u{A0}\u{2028}İ".unicodeScalars.map { Array(String($0).utf8) }
    private static let controlScalars: [[UInt8]] =
        ["\u{0}", "\u{1}", "\u{9}", "\u{A}", "\u{D}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}"].map { Array($0.utf8) }

    /// A text of `minLength...maxLength` Unicode scalars (or just outside), as UTF-8.
    func stringText(minLength: Int, maxLength: Int?, valid: Bool, rng: inout SplitMix64) -> [UInt8] {
        let upper = maxLength ?? max(minLength, 64)
        var length: Int
        if valid {
            // Inside the range, with the edges themselves often.
            switch rng.below(4) {
            case 0: length = minLength
            case 1: length = upper
            default: length = minLength + rng.below(min(upper - minLength, 40) + 1)
            }
        } else {
            let candidates = [0, minLength - 1, minLength, upper, upper + 1, upper + rng.inRange(2...8), upper * 2 + 1]
            length = max(0, rng.pick(candidates))
        }
        // Very long values make huge URLs: cap them (the huge mutation covers the parser's maximum).
        length = min(length, 4096)
        let mixture = rng.below(4)
        var text: [UInt8] = []
        text.reserveCapacity(length + 8)
        if mixture == 0 {
            // Plain text, the common case: one random draw per 8 characters.
            var bits: UInt64 = 0
            for index in 0..<length {
                if index & 7 == 0 { bits = rng.next() }
                text.append(Self.plainScalars[Int(bits & 0xFF) % Self.plainScalars.count])
                bits >>= 8
            }
            return text
        }
        for _ in 0..<length {
            let roll = rng.below(100)
            if roll < 70 {
                text.append(rng.pick(Self.plainScalars))
            } else if !valid && roll >= 97 {
                text += rng.pick(Self.controlScalars)
            } else {
                text += rng.pick(Self.specialScalars)
            }
        }
        return text
    }

    func integerText(min: Int, max: Int, valid: Bool, rng: inout SplitMix64) -> String {
        if valid {
            switch rng.below(5) {
            case 0: return String(min)
            case 1: return String(max)
            case 2 where min <= 0 && max >= 0: return "0"
            default:
                let span = max.subtractingReportingOverflow(min)
                if span.overflow || span.partialValue >= Int.max - 1 { return String(Int(truncatingIfNeeded: rng.next())) }
                return String(min + rng.below(span.partialValue + 1))
            }
        }
        var edges = [
            "", "-", "-0", "00", "01", "+1", " 1", "1 ", "1.0", "1e3", "0x10", "１", "9223372036854775807", "9223372036854775808",
            "-9223372036854775808", "-9223372036854775809", "99999999999999999999999999", "--1", "1-",
        ]
        if min > Int.min { edges.append(String(min - 1)) }
        if max < Int.max { edges.append(String(max + 1)) }
        edges += [String(min), String(max)]
        return rng.pick(edges)
    }

    func uuidText(valid: Bool, rng: inout SplitMix64) -> String {
        var hex = ""
        for _ in 0..<32 { hex.unicodeScalars.append(rng.pick(Array("0123456789abcdef".unicodeScalars))) }
        let chars = Array(hex)
        func dashed(_ chars: [Character]) -> String {
            String(chars[0..<8]) + "-" + String(chars[8..<12]) + "-" + String(chars[12..<16]) + "-"
                + String(chars[16..<20]) + "-" + String(chars[20..<32])
        }
        let canonical = dashed(chars)
        if valid {
            switch rng.below(4) {
            case 0: return canonical.uppercased()
            case 1: return "00000000-0000-0000-0000-000000000000"
            default: return canonical
            }
        }
        switch rng.below(8) {
        case 0: return hex
        case 1: return String(canonical.dropLast())
        case 2: return canonical + "0"
        case 3: return "{" + canonical + "}"
        case 4: return canonical.replacingFirstCharacter(with: "g")
        case 5: return String(canonical.dropFirst(9))
        case 6: return canonical.replacingOccurrencesOfFirstDash(with: "_")
        default: return ""
        }
    }

    private func enumerationText(_ values: [String], valid: Bool, rng: inout SplitMix64) -> String {
        let value = values.isEmpty ? "" : rng.pick(values)
        if valid { return value }
        switch rng.below(5) {
        case 0: return value.uppercased()
        case 1: return value + "x"
        case 2: return String(value.dropLast())
        case 3: return " " + value
        default: return ""
        }
    }
}

extension String {
    fileprivate func replacingFirstCharacter(with replacement: Character) -> String {
        guard !isEmpty else { return String(replacement) }
        return String(replacement) + dropFirst()
    }

    fileprivate func replacingOccurrencesOfFirstDash(with replacement: Character) -> String {
        guard let index = firstIndex(of: "-") else { return self }
        var copy = self
        copy.replaceSubrange(index...index, with: String(replacement))
        return copy
    }
}
