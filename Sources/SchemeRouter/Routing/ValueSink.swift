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
    /// What the sink keeps while a query's repeated items are bound: a local of the binder's
    /// query loop, so a sink that binds no list has nothing more to make or destroy.
    associatedtype ListState
    /// The state before the query's first item.
    static func listState() -> ListState
    /// Binds parameter number `parameter` (known not to be bound yet).
    mutating func bind(_ parameter: Int, _ value: ReadValue, offset: Int)
    /// Binds a catch-all to the path's segments from `position` on.
    mutating func bindRemainder(_ parameter: Int, _ segments: UnsafeBufferPointer<FlatTrie.Segment>, from position: Int)
    /// Adds one item of a repeated query parameter, whose list is number `slot` (below
    /// ``FastPlan/maximumLists``). `first` says it is the list's first item; every further item
    /// takes at least `capacity`'s share of the query, so the list has room for `capacity` items.
    mutating func append(
        _ parameter: Int, slot: Int, _ value: ReadValue, first: Bool, capacity: Int, offset: Int, lists: inout ListState)
    /// ``bind(_:_:offset:)`` for plain text.
    mutating func bindText(_ parameter: Int, _ text: UnsafeBufferPointer<UInt8>, offset: Int)
    /// ``append(_:slot:_:first:capacity:offset:lists:)`` for plain text.
    mutating func appendText(
        _ parameter: Int, slot: Int, _ text: UnsafeBufferPointer<UInt8>, first: Bool, capacity: Int, offset: Int,
        lists: inout ListState)
    /// Ends the query: binds list `slot`, whose items were appended (`present`), or as an empty
    /// list when it had none (an optional repeated parameter), at `offset`.
    mutating func finishList(_ parameter: Int, slot: Int, present: Bool, offset: Int, lists: inout ListState)
}

extension ValueSink {
    @inline(__always)
    mutating func bindText(_ parameter: Int, _ text: UnsafeBufferPointer<UInt8>, offset: Int) {
        bind(parameter, .text(text), offset: offset)
    }

    @inline(__always)
    mutating func appendText(
        _ parameter: Int, slot: Int, _ text: UnsafeBufferPointer<UInt8>, first: Bool, capacity: Int, offset: Int,
        lists: inout ListState
    ) {
        append(parameter, slot: slot, .text(text), first: first, capacity: capacity, offset: offset, lists: &lists)
    }
}

/// Builds a ``RouteParameters``: text becomes `String`s as it is read, lists of text `[String]`.
struct EagerSink: ValueSink {
    var parameters: RouteParameters
    let words: WordList.View
    /// Lists being bound: per list slot, the index of its entry in `parameters` plus one, 16 bits
    /// each (a list is bound at its first item and grows in place), except that a list of text in
    /// slot 0 (usually the only list) gathers in `first`, bound when the query ends (cheaper to grow).
    struct ListState {
        var entries: UInt64 = 0
        var first: [String] = []
        var firstOffset = 0
    }

    static func listState() -> ListState { ListState() }

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
        var index = position
        let values = StringList.make(count: segments.count - position) {
            defer { index &+= 1 }
            return FastText.string(segments[index].decodedBytes)
        }
        parameters.bindNew(parameter, strings: values, offset: segments[position].start)
    }

    @inline(__always)
    mutating func append(
        _ parameter: Int, slot: Int, _ value: ReadValue, first: Bool, capacity: Int, offset: Int, lists: inout ListState
    ) {
        // A list's items are all text or all not: keywords, the one other thing a text reader
        // could return, stand in for integers, UUIDs and dates only (``RouteCompiler`` checks).
        let shift = UInt64(16 * slot)
        if let text = string(value) {
            if slot == 0 {
                if first {
                    lists.first.reserveCapacity(capacity)
                    lists.firstOffset = offset
                }
                lists.first.append(text)
            } else if first {
                let entry = parameters.bindNewList(parameter, first: text, capacity: capacity, offset: offset)
                lists.entries |= UInt64(entry + 1) << shift
            } else {
                parameters.append(text, toEntry: Int((lists.entries >> shift) & 0xFFFF) - 1)
            }
        } else if first {
            let entry = parameters.bindNewList(parameter, first: parameterValue(value), offset: offset)
            lists.entries |= UInt64(entry + 1) << shift
        } else {
            parameters.append(parameterValue(value), toEntry: Int((lists.entries >> shift) & 0xFFFF) - 1)
        }
    }

    @inline(__always)
    mutating func finishList(_ parameter: Int, slot: Int, present: Bool, offset: Int, lists: inout ListState) {
        if !present {
            parameters.bindNew(parameter, strings: [], offset: offset)
        } else if slot == 0 && (lists.entries & 0xFFFF) == 0 {
            parameters.bindNew(parameter, strings: lists.first, offset: lists.firstOffset)
        }
    }
}
