/// One value bound for ``RouteValues``, as plain data in memory that lives only while the app
/// reads them: text is where it lies (in the URL, or decoded in the binder's scratch buffer),
/// words are indices into the plan's ``WordList``, numbers and dates are kept in place. Nothing
/// in it is counted or freed.
struct ValueSlot {
    enum Kind: UInt8 {
        case absent, text, word, keyword, integer, uuid, boolean, date
        /// A repeated query parameter: `count` items, the first at index `a` of the slots.
        case list
        /// A catch-all: `count` path segments from position `a`.
        case remainder
    }

    /// Text: its address; a word: its index; integer, boolean, date: the value's bits; UUID: the
    /// high half; a list or remainder: where its items start.
    var a: UInt64
    /// UUID: the low half.
    var b: UInt64
    /// The byte offset of the value's text in the URL.
    var offset: Int32
    /// Text: its length in bytes; a list or remainder: its number of items.
    var count: Int32
    /// For a list item: the parameter whose list it is in.
    var owner: Int32
    var kind: Kind

    static let absent = ValueSlot(a: 0, b: 0, offset: 0, count: 0, owner: -1, kind: .absent)

    @inline(__always)
    init(a: UInt64, b: UInt64, offset: Int32, count: Int32, owner: Int32, kind: Kind) {
        self.a = a
        self.b = b
        self.offset = offset
        self.count = count
        self.owner = owner
        self.kind = kind
    }

    /// A read value at `offset`, as item of `owner`'s list (or `-1`).
    @inline(__always)
    init(_ value: ReadValue, offset: Int, owner: Int = -1) {
        let offset = Int32(truncatingIfNeeded: offset), owner = Int32(truncatingIfNeeded: owner)
        switch value {
        case .text(let bytes):
            self.init(
                a: UInt64(UInt(bitPattern: bytes.baseAddress)), b: 0, offset: offset,
                count: Int32(truncatingIfNeeded: bytes.count), owner: owner, kind: .text)
        case .word(let index, let isKeyword):
            self.init(a: UInt64(index), b: 0, offset: offset, count: 0, owner: owner, kind: isKeyword ? .keyword : .word)
        case .integer(let number):
            self.init(a: UInt64(bitPattern: Int64(number)), b: 0, offset: offset, count: 0, owner: owner, kind: .integer)
        case .uuid(let uuid):
            self.init(a: uuid.high, b: uuid.low, offset: offset, count: 0, owner: owner, kind: .uuid)
        case .boolean(let flag):
            self.init(a: flag ? 1 : 0, b: 0, offset: offset, count: 0, owner: owner, kind: .boolean)
        case .date(let date):
            self.init(a: date.packed, b: 0, offset: offset, count: 0, owner: owner, kind: .date)
        }
    }

    /// Text at `offset`, as item of `owner`'s list (or `-1`).
    @inline(__always)
    init(text: UnsafeBufferPointer<UInt8>, offset: Int, owner: Int) {
        self.init(
            a: UInt64(UInt(bitPattern: text.baseAddress)), b: 0, offset: Int32(truncatingIfNeeded: offset),
            count: Int32(truncatingIfNeeded: text.count), owner: Int32(truncatingIfNeeded: owner), kind: .text)
    }

    /// The text's bytes (for `.text`).
    @inline(__always)
    var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: UnsafePointer(bitPattern: UInt(a)), count: Int(count))
    }
}

/// Binds into ``ValueSlot``s: one per parameter (absent until bound), then list items in URL
/// order. The memory is the caller's and has room for every parameter and item.
struct SlotSink: ValueSink {
    let slots: UnsafeMutablePointer<ValueSlot>
    /// The number of parameters: list items are stored from here on.
    let parameterCount: Int
    /// The number of slots (checked in debug builds).
    let capacity: Int
    private(set) var itemCount = 0

    /// `capacity` slots, the first `parameterCount` for parameters, all absent.
    init(_ slots: UnsafeMutablePointer<ValueSlot>, parameterCount: Int, capacity: Int) {
        self.slots = slots
        self.parameterCount = parameterCount
        self.capacity = capacity
        slots.initialize(repeating: .absent, count: parameterCount)
    }

    @inline(__always)
    mutating func bind(_ parameter: Int, _ value: ReadValue, offset: Int) {
        slots[parameter] = ValueSlot(value, offset: offset)
    }

    @inline(__always)
    mutating func bindRemainder(_ parameter: Int, _ segments: UnsafeBufferPointer<FlatTrie.Segment>, from position: Int) {
        slots[parameter] = ValueSlot(
            a: UInt64(position), b: 0, offset: Int32(truncatingIfNeeded: segments[position].start),
            count: Int32(truncatingIfNeeded: segments.count - position), owner: -1, kind: .remainder)
    }

    static func listState() {}

    @inline(__always)
    mutating func append(
        _ parameter: Int, slot: Int, _ value: ReadValue, first: Bool, capacity: Int, offset: Int, lists: inout Void
    ) {
        appendItem(ValueSlot(value, offset: offset, owner: parameter), to: parameter, first: first, offset: offset)
    }

    @inline(__always)
    mutating func bindText(_ parameter: Int, _ text: UnsafeBufferPointer<UInt8>, offset: Int) {
        slots[parameter] = ValueSlot(text: text, offset: offset, owner: -1)
    }

    @inline(__always)
    mutating func appendText(
        _ parameter: Int, slot: Int, _ text: UnsafeBufferPointer<UInt8>, first: Bool, capacity: Int, offset: Int,
        lists: inout Void
    ) {
        appendItem(ValueSlot(text: text, offset: offset, owner: parameter), to: parameter, first: first, offset: offset)
    }

    /// Stores a list item after the items so far and counts it in `parameter`'s list (which its
    /// `first` item starts, at `offset`).
    @inline(__always)
    private mutating func appendItem(_ itemSlot: ValueSlot, to parameter: Int, first: Bool, offset: Int) {
        let item = parameterCount &+ itemCount
        assert(item < capacity, "more list items than the query can hold")
        (slots + item).initialize(to: itemSlot)
        itemCount &+= 1
        if first {
            slots[parameter] = ValueSlot(
                a: UInt64(item), b: 0, offset: Int32(truncatingIfNeeded: offset), count: 1, owner: -1, kind: .list)
        } else {
            slots[parameter].count &+= 1
        }
    }

    @inline(__always)
    mutating func finishList(_ parameter: Int, slot: Int, present: Bool, offset: Int, lists: inout Void) {
        if !present {
            slots[parameter] = ValueSlot(
                a: UInt64(parameterCount), b: 0, offset: Int32(truncatingIfNeeded: offset), count: 0, owner: -1, kind: .list)
        }
    }
}
