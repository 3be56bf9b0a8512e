/// One parameter's type rule compiled at registration into plain values, so reading a value
/// while binding copies no enum payload and touches no reference count.
struct ValueReader: Sendable {
    enum Kind: UInt8, Sendable {
        case string, integer, uuid, boolean, enumeration, date, remainder, url
    }

    let kind: Kind
    /// `string`: the length bounds in Unicode scalars (`Int.max` without a maximum); `integer`: the range.
    let minimum: Int
    let maximum: Int
    /// Keywords, then enumeration values (a `url`'s schemes): ranges into the plan's ``WordList``.
    let keywords: Range<Int>
    let values: Range<Int>
    /// `date`: the format's index in the plan's formats.
    let format: Int
    /// Where the parameter may be absent, or repeat (query items only).
    let isOptional: Bool
    let isRepeated: Bool

    /// A `string` without keywords: bound as the text itself once its length is in `minimum...maximum`.
    var isPlainText: Bool { kind == .string && keywords.isEmpty }

    init(_ spec: ParameterSpec, words: inout WordList, formats: inout [DateFormat]) {
        var bounds = (Int.min, Int.max)
        var format = -1
        var valueWords: [String] = []
        switch spec.kind {
        case .string(let low, let high):
            kind = .string
            bounds = (low, high ?? Int.max)
        case .integer(let low, let high):
            kind = .integer
            bounds = (low, high)
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
        case .url(let schemes):
            kind = .url
            valueWords = schemes
        }
        (minimum, maximum) = bounds
        self.format = format
        isOptional = spec.isOptional
        isRepeated = spec.isRepeated
        keywords = words.append(spec.keywords)
        values = words.append(valueWords)
    }

    /// Reads decoded, valid text (`scalars` Unicode scalars long), a keyword first; never a `remainder`.
    @inline(__always)
    func read(
        _ bytes: UnsafeBufferPointer<UInt8>, scalars: Int, words: WordList.Frozen, formats: UnsafeBufferPointer<DateFormat>
    ) throws(ParameterSpec.ValueFault) -> ReadValue {
        if !keywords.isEmpty, let word = words.index(of: bytes, in: keywords) { return .word(word, isKeyword: true) }
        switch kind {
        case .string:
            if scalars < minimum { throw .init(fault: .tooShort(minimum: minimum, length: scalars), index: 0) }
            if scalars > maximum {
                throw .init(fault: .tooLong(maximum: maximum, length: scalars), index: ByteText.offset(ofScalar: maximum, in: bytes))
            }
            return .text(bytes)
        case .enumeration:
            guard let word = words.index(of: bytes, in: values) else {
                throw .init(fault: .notAllowed(Array(words.strings.buffer[values])), index: 0)
            }
            return .word(word, isKeyword: false)
        case .integer:
            return .integer(try ParameterSpec.parseInteger(bytes, min: minimum, max: maximum))
        case .uuid:
            guard let uuid = UUIDValue(bytes: bytes) else { throw .init(fault: .notAUUID, index: UUIDValue.faultIndex(bytes)) }
            return .uuid(uuid)
        case .boolean:
            if ByteText.equals(bytes, "true") || ByteText.equals(bytes, "1") { return .boolean(true) }
            guard ByteText.equals(bytes, "false") || ByteText.equals(bytes, "0") else { throw .init(fault: .notABoolean, index: 0) }
            return .boolean(false)
        case .date:
            return .date(try formats[format].parse(bytes))
        case .url:
            let layout: URLLayout
            do throws(URLRejection) { layout = try URLParser.validate(bytes) } catch { throw .init(fault: .notAURL(error), index: error.offset) }
            let scheme = UnsafeBufferPointer(rebasing: bytes[layout.scheme])
            guard values.contains(where: { ByteText.equalsIgnoringASCIICase(scheme, words.strings[$0]) }) else {
                let allowed = Array(words.strings.buffer[values])
                throw .init(fault: .schemeNotAllowed(scheme: String(decoding: scheme, as: UTF8.self).lowercased(), allowed: allowed), index: 0)
            }
            return .url(bytes)
        case .remainder:
            preconditionFailure("a catch-all is bound segment by segment")
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
    /// A `url` value: its text, which the parser accepted (kept as ``text(_:)`` is).
    case url(UnsafeBufferPointer<UInt8>)

    /// The text a `string` or `url` value points to, which the match keeps a copy of.
    var text: UnsafeBufferPointer<UInt8>? {
        switch self {
        case .text(let bytes), .url(let bytes): bytes
        default: nil
        }
    }

    /// The same value pointing to `bytes`, a copy of its ``text``.
    @inline(__always)
    func moved(to bytes: UnsafeBufferPointer<UInt8>) -> ReadValue {
        if case .url = self { return .url(bytes) }
        return .text(bytes)
    }

    /// The value as a ``ParameterValue``.
    func parameterValue(_ words: WordList.Frozen) -> ParameterValue {
        switch self {
        case .text(let bytes): .string(StringList.string(bytes))
        case .word(let index, let isKeyword): isKeyword ? .keyword(words.strings[index]) : .string(words.strings[index])
        case .integer(let number): .integer(number)
        case .uuid(let uuid): .uuid(uuid)
        case .boolean(let flag): .boolean(flag)
        case .date(let date): .date(date)
        case .url(let bytes): .url(SchemeURL(validated: bytes))
        }
    }
}

/// The words (keywords and enumeration values) of one route's readers, as the manifest's `String`s
/// (returned as values, no copy); ``frozen()`` adds their bytes, compared in place.
struct WordList: Sendable {
    private(set) var strings: [String] = []

    /// Adds words; returns their index range.
    mutating func append(_ words: [String]) -> Range<Int> {
        strings += words
        return strings.count - words.count..<strings.count
    }

    /// The words and their bytes, copied into memory the plan owns (see ``FrozenArray``).
    func frozen() -> Frozen {
        var starts = [0]
        var bytes: [UInt8] = []
        for word in strings {
            bytes += word.utf8
            starts.append(bytes.count)
        }
        return Frozen(strings: FrozenArray(strings), starts: FrozenArray(starts), bytes: FrozenArray(bytes))
    }

    struct Frozen: Sendable {
        let strings: FrozenArray<String>
        let starts: FrozenArray<Int>
        let bytes: FrozenArray<UInt8>

        /// The index of the word in `range` whose bytes are exactly `candidate`.
        @inline(__always)
        func index(of candidate: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int? {
            for index in range {
                let word = UnsafeBufferPointer(rebasing: bytes.buffer[starts[index]..<starts[index + 1]])
                if ByteText.equal(word, candidate) { return index }
            }
            return nil
        }

        func free() {
            strings.free()
            starts.free()
            bytes.free()
        }
    }
}
