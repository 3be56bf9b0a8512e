/// One parameter's type rule compiled at registration into plain values, so reading a value
/// while binding copies no enum payload and touches no reference count. It is the one reader of
/// values: the binder calls it, and ``ParameterSpec/parseScalar(_:)-(UnsafeBufferPointer<UInt8>)``
/// (printing, manifest checks) wraps it. A fault throws its precise reason from the same call.
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

    /// Whether the value is plain text (a `string` without keywords): bound as the text itself,
    /// once its length in scalars is within `minLength...maxLength`.
    var isPlainText: Bool { kind == .string && keywords.isEmpty }

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

    /// Reads decoded, valid text (`scalars` Unicode scalars long). A keyword is tried first; a
    /// `remainder` is never read this way.
    /// - Throws: why the text is not a value, and the byte index in the text where it fails.
    @inline(__always)
    func read(
        _ bytes: UnsafeBufferPointer<UInt8>, scalars: Int, words: WordList.View, formats: UnsafeBufferPointer<DateFormat>
    ) throws(ParameterSpec.ValueFault) -> ReadValue {
        if !keywords.isEmpty, let word = words.index(of: bytes, in: keywords) { return .word(word, isKeyword: true) }
        switch kind {
        case .string:
            if scalars < minLength { throw .init(fault: .tooShort(minimum: minLength, length: scalars), index: 0) }
            if scalars > maxLength {
                throw .init(fault: .tooLong(maximum: maxLength, length: scalars), index: ByteText.offset(ofScalar: maxLength, in: bytes))
            }
            return .text(bytes)
        case .enumeration:
            guard let word = words.index(of: bytes, in: values) else {
                throw .init(fault: .notAllowed(Array(words.strings[values])), index: 0)
            }
            return .word(word, isKeyword: false)
        case .integer:
            return .integer(try ParameterSpec.parseInteger(bytes, min: minimum, max: maximum))
        case .uuid:
            guard let uuid = UUIDValue(bytes: bytes) else { throw .init(fault: .notAUUID, index: UUIDValue.faultIndex(bytes) ?? 0) }
            return .uuid(uuid)
        case .boolean:
            guard let flag = Self.boolean(bytes) else { throw .init(fault: .notABoolean, index: 0) }
            return .boolean(flag)
        case .date:
            let format = formats[format]
            do throws(DateFormat.Mismatch) {
                return .date(try format.parse(bytes))
            } catch {
                throw .init(fault: .invalidDate(format: format.pattern, reason: error.reason), index: error.index)
            }
        case .remainder:
            preconditionFailure("a catch-all is bound segment by segment")
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
}

/// One value the binder read, before it is kept: plain data that holds no reference.
enum ReadValue {
    /// A `string` value: decoded, valid text (in the URL or the binder's scratch buffer).
    case text(UnsafeBufferPointer<UInt8>)
    /// An enumeration value (`isKeyword` false) or a keyword: the word's index in the plan's ``WordList``.
    case word(Int, isKeyword: Bool)
    case integer(Int)
    case uuid(UUIDValue)
    case boolean(Bool)
    case date(CivilDateTime)

    /// The value as a ``ParameterValue``.
    func parameterValue(_ words: WordList.View) -> ParameterValue {
        switch self {
        case .text(let bytes): .string(StringList.string(bytes))
        case .word(let index, let isKeyword): isKeyword ? .keyword(words.strings[index]) : .string(words.strings[index])
        case .integer(let number): .integer(number)
        case .uuid(let uuid): .uuid(uuid)
        case .boolean(let flag): .boolean(flag)
        case .date(let date): .date(date)
        }
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
