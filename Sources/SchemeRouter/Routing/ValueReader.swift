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
    /// `date`: the format's pieces (a range of the plan's pieces) and its length in bytes.
    let format: Range<Int>
    let dateLength: Int
    /// Where the parameter may be absent, or repeat (query items only).
    let isOptional: Bool
    let isRepeated: Bool

    /// Whether the value is plain text (a `string` without keywords): bound as the text itself,
    /// once its length in scalars is within `minLength...maxLength`.
    var isPlainText: Bool { kind == .string && keywords.isEmpty }

    init(_ spec: ParameterSpec, words: inout WordList, pieces: inout [DateFormat.Piece]) {
        var minLength = 0, maxLength = Int.max, minimum = Int.min, maximum = Int.max
        var format = 0..<0
        var dateLength = 0
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
            format = pieces.count..<pieces.count + dateFormat.pieces.count
            pieces += dateFormat.pieces
            dateLength = dateFormat.length
        case .remainder: kind = .remainder
        }
        self.kind = kind
        self.minLength = minLength
        self.maxLength = maxLength
        self.minimum = minimum
        self.maximum = maximum
        self.format = format
        self.dateLength = dateLength
        isOptional = spec.isOptional
        isRepeated = spec.isRepeated
        keywords = words.append(spec.keywords)
        values = words.append(valueWords)
    }

    /// Reads decoded, valid text (`scalars` Unicode scalars long): the value, or `nil` on any
    /// fault. A keyword is tried first; a `remainder` is never read this way.
    @inline(__always)
    func read(
        _ bytes: UnsafeBufferPointer<UInt8>, scalars: Int, words: WordList.View, pieces: UnsafeBufferPointer<DateFormat.Piece>
    ) -> ReadValue? {
        if !keywords.isEmpty, let word = words.index(of: bytes, in: keywords) { return .word(word, isKeyword: true) }
        switch kind {
        case .string:
            guard scalars >= minLength, scalars <= maxLength else { return nil }
            return .text(bytes)
        case .enumeration:
            guard let word = words.index(of: bytes, in: values) else { return nil }
            return .word(word, isKeyword: false)
        case .integer:
            guard let value = Self.integer(bytes), value >= minimum, value <= maximum else { return nil }
            return .integer(value)
        case .uuid:
            guard let uuid = Self.uuid(bytes) else { return nil }
            return .uuid(uuid)
        case .boolean:
            guard let flag = Self.boolean(bytes) else { return nil }
            return .boolean(flag)
        case .date:
            guard let date = date(bytes, pieces) else { return nil }
            return .date(date)
        case .remainder:
            return nil
        }
    }

    /// A date in this reader's format, or `nil`: what ``DateFormat/parse(_:)-(UnsafeBufferPointer<UInt8>)``
    /// accepts (the exact length, digits and separators where the format has them, a real date).
    @inline(__always)
    func date(_ bytes: UnsafeBufferPointer<UInt8>, _ pieces: UnsafeBufferPointer<DateFormat.Piece>) -> CivilDateTime? {
        guard bytes.count == dateLength else { return nil }
        var fields = (0, 0, 0, 0, 0, 0)
        var index = 0
        for position in format {
            switch pieces[position] {
            case .separator(let byte):
                guard bytes[index] == byte else { return nil }
                index += 1
            case .field(let field):
                var value = 0
                for _ in 0..<field.width {
                    let digit = bytes[index] &- UInt8(ascii: "0")
                    guard digit < 10 else { return nil }
                    value = value * 10 + Int(digit)
                    index += 1
                }
                switch field {
                case .year: fields.0 = value
                case .month: fields.1 = value
                case .day: fields.2 = value
                case .hour: fields.3 = value
                case .minute: fields.4 = value
                case .second: fields.5 = value
                }
            }
        }
        // The calendar's rules are the initializer's (the same as the format's).
        return CivilDateTime(year: fields.0, month: fields.1, day: fields.2, hour: fields.3, minute: fields.4, second: fields.5)
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

    /// `8-4-4-4-12` hexadecimal digits, either case, or `nil`: four words of eight digits, each
    /// checked and converted eight bytes at a time.
    @inline(__always)
    static func uuid(_ bytes: UnsafeBufferPointer<UInt8>) -> UUIDValue? {
        guard bytes.count == 36, let base = bytes.baseAddress,
            base[8] == UInt8(ascii: "-"), base[13] == UInt8(ascii: "-"), base[18] == UInt8(ascii: "-"),
            base[23] == UInt8(ascii: "-")
        else { return nil }
        let raw = UnsafeRawPointer(base)
        func load8(_ offset: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        func load4(_ offset: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        // Digits 0–7, 9–12 with 14–17, 19–22 with 24–27, and 28–35.
        guard let a = hex8(load8(0)), let b = hex8(load4(9) | load4(14) << 32), let c = hex8(load4(19) | load4(24) << 32),
            let d = hex8(load8(28))
        else { return nil }
        return UUIDValue(high: a << 32 | b, low: c << 32 | d)
    }

    /// Eight ASCII hexadecimal digits (the first in the lowest byte) as a 32-bit number, or `nil`.
    @inline(__always)
    static func hex8(_ word: UInt64) -> UInt64? {
        guard ByteWord.hexDigits(word) == ByteWord.high else { return nil }
        // Nibble values, then pairs of nibbles into bytes, bytes into one word, first digit highest.
        let nibbles = (word & ByteText.broadcast(0x0F)) &+ ((word >> 6) & ByteText.broadcast(0x01)) &* 9
        let pairs = ((nibbles << 4) | (nibbles >> 8)) & 0x00FF_00FF_00FF_00FF
        let quads = (pairs | (pairs >> 8)) & 0x0000_FFFF_0000_FFFF
        let packed = UInt32(truncatingIfNeeded: quads | (quads >> 16))
        return UInt64(packed.byteSwapped)
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

    /// The words copied into memory the plan owns (see ``FrozenArray``).
    func frozen() -> Frozen {
        Frozen(strings: FrozenArray(strings), starts: FrozenArray(starts), bytes: FrozenArray(bytes))
    }

    struct Frozen: Sendable {
        let strings: FrozenArray<String>
        let starts: FrozenArray<Int>
        let bytes: FrozenArray<UInt8>

        var view: View { View(strings: strings.buffer, starts: starts.buffer, bytes: bytes.buffer) }

        func free() {
            strings.free()
            starts.free()
            bytes.free()
        }
    }

    struct View {
        let strings: UnsafeBufferPointer<String>
        let starts: UnsafeBufferPointer<Int>
        let bytes: UnsafeBufferPointer<UInt8>

        /// The index of the word in `range` whose bytes are exactly `candidate`.
        @inline(__always)
        func index(of candidate: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int? {
            for index in range {
                let start = starts[index]
                let word = UnsafeBufferPointer(rebasing: bytes[start..<starts[index + 1]])
                if ByteText.equal(word, candidate) { return index }
            }
            return nil
        }
    }
}
