/// One parameter's type rule compiled at registration into plain integers, so reading a value on
/// the fast path copies no enum payload and touches no reference count.
///
/// It only answers "is this a value, and which": any fault makes it return `nil`, and the caller
/// falls back to ``ParameterSpec/parseScalar(_:)-(UnsafeBufferPointer<UInt8>)``, which says
/// precisely why. The two agree on every input (a differential property test checks it).
struct ValueReader: Sendable {
    enum Kind: UInt8, Sendable {
        case string, integer, uuid, boolean, enumeration, date, remainder
    }

    let kind: Kind
    /// `string`: length bounds in Unicode scalars (`Int.max` without a maximum).
    let minLength: Int
    let maxLength: Int
    /// `integer`: the range.
    let minimum: Int
    let maximum: Int
    /// Keywords, then enumeration values: ranges into the plan's ``WordList``.
    let keywords: Range<Int>
    let values: Range<Int>
    /// `date`: the format's index in the plan's formats.
    let format: Int
    /// Where the parameter may be absent, or repeat (query items only).
    let isOptional: Bool
    let isRepeated: Bool

    init(_ spec: ParameterSpec, words: inout WordList, formats: inout [DateFormat]) {
        var minLength = 0, maxLength = Int.max, minimum = Int.min, maximum = Int.max
        var format = -1
        let kind: Kind
        var valueWords: [String] = []
        switch spec.kind {
        case .string(let low, let high):
            kind = .string
            minLength = low
            maxLength = high ?? Int.max
        case .integer(let low, let high):
            kind = .integer
            minimum = low
            maximum = high
        case .uuid: kind = .uuid
        case .boolean: kind = .boolean
        case .enumeration(let allowed):
            kind = .enumeration
            valueWords = allowed
        case .date(let dateFormat):
            kind = .date
            format = formats.count
            formats.append(dateFormat)
        case .remainder: kind = .remainder
        }
        self.kind = kind
        self.minLength = minLength
        self.maxLength = maxLength
        self.minimum = minimum
        self.maximum = maximum
        self.format = format
        isOptional = spec.isOptional
        isRepeated = spec.isRepeated
        keywords = words.append(spec.keywords)
        values = words.append(valueWords)
    }

    /// Reads decoded, valid text (`scalars` Unicode scalars long) and binds it as `name`, or
    /// returns `false` on any fault. (No `ParameterValue?` is made: copying one is costly.)
    @inline(__always)
    func bind(
        _ bytes: UnsafeBufferPointer<UInt8>, scalars: Int, words: WordList.View, formats: UnsafeBufferPointer<DateFormat>,
        name: String, offset: Int, into parameters: inout RouteParameters
    ) -> Bool {
        if !keywords.isEmpty, let word = words.find(bytes, in: keywords) {
            parameters.bindNew(name, .keyword(word), offset: offset)
            return true
        }
        switch kind {
        case .string, .enumeration:
            guard let text = text(bytes, scalars: scalars, words: words) else { return false }
            parameters.bindNew(name, .string(text), offset: offset)
        case .integer:
            guard let value = Self.integer(bytes), value >= minimum, value <= maximum else { return false }
            parameters.bindNew(name, .integer(value), offset: offset)
        case .uuid:
            guard let uuid = Self.uuid(bytes) else { return false }
            parameters.bindNew(name, .uuid(uuid), offset: offset)
        case .boolean:
            guard let flag = Self.boolean(bytes) else { return false }
            parameters.bindNew(name, .boolean(flag), offset: offset)
        case .date:
            guard let date = try? formats[format].parse(bytes) else { return false }
            parameters.bindNew(name, .date(date), offset: offset)
        case .remainder:
            return false
        }
        return true
    }

    /// A `string` or `enumeration` value (these take no keywords), or `nil`.
    @inline(__always)
    func text(_ bytes: UnsafeBufferPointer<UInt8>, scalars: Int, words: WordList.View) -> String? {
        if kind == .enumeration { return words.find(bytes, in: values) }
        guard kind == .string, scalars >= minLength, scalars <= maxLength else { return nil }
        return FastText.string(bytes, ascii: scalars == bytes.count)
    }

    /// The value, or `nil` on any fault: for lists of values that are not text.
    func value(
        _ bytes: UnsafeBufferPointer<UInt8>, scalars: Int, words: WordList.View, formats: UnsafeBufferPointer<DateFormat>
    ) -> ParameterValue? {
        if !keywords.isEmpty, let word = words.find(bytes, in: keywords) { return .keyword(word) }
        switch kind {
        case .string, .enumeration: return text(bytes, scalars: scalars, words: words).map(ParameterValue.string)
        case .integer:
            guard let value = Self.integer(bytes), value >= minimum, value <= maximum else { return nil }
            return .integer(value)
        case .uuid: return Self.uuid(bytes).map(ParameterValue.uuid)
        case .boolean: return Self.boolean(bytes).map(ParameterValue.boolean)
        case .date: return (try? formats[format].parse(bytes)).map(ParameterValue.date)
        case .remainder: return nil
        }
    }

    /// `true`, `false`, `1` or `0`.
    @inline(__always)
    static func boolean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        switch bytes.count {
        case 1:
            if bytes[0] == UInt8(ascii: "1") { return true }
            if bytes[0] == UInt8(ascii: "0") { return false }
            return nil
        case 4: return ByteText.equals(bytes, "true") ? true : nil
        case 5: return ByteText.equals(bytes, "false") ? false : nil
        default: return nil
        }
    }

    /// A canonical decimal integer (`0`, or an optional `-` and digits not starting with `0`), or
    /// `nil` (also on overflow): what ``ParameterSpec/parseInteger(_:min:max:)`` accepts.
    @inline(__always)
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = bytes.count
        guard count > 0 else { return nil }
        let negative = bytes[0] == UInt8(ascii: "-")
        let start = negative ? 1 : 0
        guard start < count else { return nil }
        let first = bytes[start] &- UInt8(ascii: "0")
        guard first < 10, first != 0 || (count == 1) else { return nil }
        // 18 digits never overflow; longer ones take the checked loop.
        if count - start <= 18 {
            var value = 0
            for index in start..<count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value &* 10 &+ Int(digit)
            }
            return negative ? -value : value
        }
        var value = 0
        for index in start..<count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = shifted.subtractingReportingOverflow(Int(digit))
            guard !o1, !o2 else { return nil }
            value = next
        }
        if negative { return value }
        let (positive, overflow) = (0).subtractingReportingOverflow(value)
        return overflow ? nil : positive
    }

    /// `8-4-4-4-12` hexadecimal digits, either case, or `nil`.
    @inline(__always)
    static func uuid(_ bytes: UnsafeBufferPointer<UInt8>) -> UUIDValue? {
        guard bytes.count == 36, let base = bytes.baseAddress,
            base[8] == UInt8(ascii: "-"), base[13] == UInt8(ascii: "-"), base[18] == UInt8(ascii: "-"),
            base[23] == UInt8(ascii: "-"),
            let a = hex(base, 8), let b = hex(base + 9, 4), let c = hex(base + 14, 4), let d = hex(base + 19, 4),
            let e = hex(base + 24, 12)
        else { return nil }
        return UUIDValue(high: a << 32 | b << 16 | c, low: d << 48 | e)
    }

    /// `count` hexadecimal digits as a number, or `nil` if one is not a digit.
    @inline(__always)
    private static func hex(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> UInt64? {
        var value: UInt64 = 0
        var bad: UInt8 = 0
        for index in 0..<count {
            let nibble = FastText.hexNibble[Int(bytes[index])]
            bad |= nibble
            value = value << 4 | UInt64(nibble & 0x0F)
        }
        return bad & 0xF0 == 0 ? value : nil
    }
}

/// The words (keywords and enumeration values) of one route's readers: each kept as the manifest's
/// `String` (returned as the value, no copy) and as bytes in one flat buffer (compared in place).
struct WordList: Sendable {
    private(set) var strings: [String] = []
    private var starts: [Int] = [0]
    private var bytes: [UInt8] = []

    /// Adds words; returns their index range.
    mutating func append(_ words: [String]) -> Range<Int> {
        let first = strings.count
        for word in words {
            strings.append(word)
            bytes.append(contentsOf: word.utf8)
            starts.append(bytes.count)
        }
        return first..<strings.count
    }

    /// The words, read through pointers for the duration of `body`.
    func withView<R>(_ body: (View) -> R) -> R {
        strings.withUnsafeBufferPointer { strings in
            starts.withUnsafeBufferPointer { starts in
                bytes.withUnsafeBufferPointer { bytes in
                    body(View(strings: strings, starts: starts, bytes: bytes))
                }
            }
        }
    }

    struct View {
        let strings: UnsafeBufferPointer<String>
        let starts: UnsafeBufferPointer<Int>
        let bytes: UnsafeBufferPointer<UInt8>

        /// The word in `range` whose bytes are exactly `candidate`.
        @inline(__always)
        func find(_ candidate: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> String? {
            for index in range {
                let start = starts[index]
                let word = UnsafeBufferPointer(rebasing: bytes[start..<starts[index + 1]])
                if ByteText.equal(word, candidate) { return strings[index] }
            }
            return nil
        }
    }
}
