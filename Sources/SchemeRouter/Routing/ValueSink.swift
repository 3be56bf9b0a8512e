/// One value the fast binder read, before it is kept: plain data that holds no reference, so
/// passing it on copies no payload and touches no reference count.
enum ReadValue {
    /// A `string` value: decoded, valid text (in the URL or the binder's scratch buffer).
    case text(UnsafeBufferPointer<UInt8>)
    /// An enumeration value (`isKeyword` false) or a keyword: the word's index in the plan's ``WordList``.
    case word(Int, isKeyword: Bool)
    case integer(Int)
    case uuid(UUIDValue)
    case boolean(Bool)
    case date(CivilDateTime)
}

/// Where the fast binder keeps what it reads (see ``FastPlan``): ``EagerSink`` builds the
/// ``RouteParameters`` of a ``RouteMatch``; ``SlotSink`` keeps plain slots that live only while
/// an app reads ``RouteValues``. The binder is generic over it, so each gets its own compiled copy.
protocol ValueSink {
    /// Binds parameter number `parameter` (known not to be bound yet).
    mutating func bind(_ parameter: Int, _ value: ReadValue, offset: Int)
    /// Binds a catch-all to the path's segments from `position` on.
    mutating func bindRemainder(_ parameter: Int, _ segments: UnsafeBufferPointer<FlatTrie.Segment>, from position: Int)
    /// Adds one item of a repeated query parameter, whose list is number `slot` (below
    /// ``FastPlan/maximumLists``). `first` says it is the list's first item; every further item
    /// takes at least `capacity`'s share of the query, so the list has room for `capacity` items.
    mutating func append(_ parameter: Int, slot: Int, _ value: ReadValue, first: Bool, capacity: Int, offset: Int)
    /// Ends the query: binds list `slot`, whose items were appended (`present`), or as an empty
    /// list when it had none (an optional repeated parameter), at `offset`.
    mutating func finishList(_ parameter: Int, slot: Int, present: Bool, offset: Int)
}

/// Builds a ``RouteParameters``: text becomes `String`s as it is read, lists of text `[String]`.
struct EagerSink: ValueSink {
    var parameters: RouteParameters
    let words: WordList.View
    /// Per list slot, the index of its entry in `parameters` plus one, 16 bits each (lists of
    /// text in slot 0 gather in `firstList` instead, bound at the end).
    private var listEntries: UInt64 = 0
    private var firstList: [String] = []
    private var firstListOffset = 0

    init(_ parameters: RouteParameters, words: WordList.View) {
        self.parameters = parameters
        self.words = words
    }

    @inline(__always)
    func parameterValue(_ value: ReadValue) -> ParameterValue {
        switch value {
        case .text(let bytes): .string(FastText.string(bytes))
        case .word(let index, let isKeyword): isKeyword ? .keyword(words.strings[index]) : .string(words.strings[index])
        case .integer(let number): .integer(number)
        case .uuid(let uuid): .uuid(uuid)
        case .boolean(let flag): .boolean(flag)
        case .date(let date): .date(date)
        }
    }

    @inline(__always)
    func string(_ value: ReadValue) -> String? {
        switch value {
        case .text(let bytes): FastText.string(bytes)
        case .word(let index, isKeyword: false): words.strings[index]
        default: nil
        }
    }

    @inline(__always)
    mutating func bind(_ parameter: Int, _ value: ReadValue, offset: Int) {
        parameters.bindNew(parameter, parameterValue(value), offset: offset)
    }

    @inline(__always)
    mutating func bindRemainder(_ parameter: Int, _ segments: UnsafeBufferPointer<FlatTrie.Segment>, from position: Int) {
        var values: [String] = []
        values.reserveCapacity(segments.count - position)
        for index in position..<segments.count {
            values.append(FastText.string(segments[index].decodedBytes))
        }
        parameters.bindNew(parameter, strings: values, offset: segments[position].start)
    }

    @inline(__always)
    mutating func append(_ parameter: Int, slot: Int, _ value: ReadValue, first: Bool, capacity: Int, offset: Int) {
        let shift = UInt64(16 * slot)
        if let text = string(value) {
            if slot == 0 {
                // The first repeated item (often the only one) gathers in a local array.
                if first {
                    firstList.reserveCapacity(capacity)
                    firstListOffset = offset
                }
                firstList.append(text)
            } else if first {
                let entry = parameters.bindNewList(parameter, first: text, capacity: capacity, offset: offset)
                listEntries |= UInt64(entry + 1) << shift
            } else {
                parameters.append(text, toEntry: Int((listEntries >> shift) & 0xFFFF) - 1)
            }
        } else if first {
            let entry = parameters.bindNewList(parameter, first: parameterValue(value), offset: offset)
            listEntries |= UInt64(entry + 1) << shift
        } else {
            parameters.append(parameterValue(value), toEntry: Int((listEntries >> shift) & 0xFFFF) - 1)
        }
    }

    @inline(__always)
    mutating func finishList(_ parameter: Int, slot: Int, present: Bool, offset: Int) {
        if !present {
            parameters.bindNew(parameter, strings: [], offset: offset)
        } else if slot == 0 && (listEntries & 0xFFFF) == 0 {
            parameters.bindNew(parameter, strings: firstList, offset: firstListOffset)
        }
    }
}
