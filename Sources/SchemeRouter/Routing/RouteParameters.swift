/// The typed values a route bound from a URL, by parameter name, each with the byte offset of its
/// text in the URL.
///
/// Read them with the typed getters; each throws ``RouteError`` naming the parameter (and its
/// offset) when it is absent or of another type:
/// ```swift
/// let task = try parameters.string("task")
/// let due = try parameters.optionalDate("due")     // nil when absent
/// let today = parameters.keyword("due") == "today"
/// ```
/// Two parameter sets are equal when they hold the same values; offsets are not compared.
// Unchecked: `Storage` (a `ManagedBuffer`, which is not `Sendable`) is written only while binding.
public struct RouteParameters: ParameterReader, @unchecked Sendable, Hashable, CustomStringConvertible {
    /// One value bound from the URL, as plain data: binding a URL's values is one allocation and
    /// releasing them one `free`, with no reference per value. Text is kept as its range in the
    /// URL and decoded when read; a list's items follow the route's parameters, linked by `next`.
    struct Slot: Sendable {
        enum Value: Sendable {
            case absent
            /// Text: `length` decoded bytes at `start` of the storage's copy of the URL.
            case text
            /// A word of the plan's ``WordList``: an enumeration value, or a keyword.
            case word(Int, isKeyword: Bool)
            case integer(Int)
            case uuid(UUIDValue)
            case boolean(Bool)
            case date(CivilDateTime)
            /// A list's first and last item slots (`-1` when empty) and its count.
            case list(first: Int32, last: Int32, count: Int32)
        }

        var value: Value
        /// The byte offset of the value's text in the URL (a list's: its first item's).
        var start: Int32
        var length: Int32
        var next: Int32 = -1

        static let absent = Slot(value: .absent, start: -1, length: 0)
    }

    /// A parameter name, its comparison key (length and first byte) and the two words its
    /// `String` is stored in (zero where a `String` is not two words): equal words are equal
    /// strings (a small string's bytes, or the same storage), so an app's literal or small name is
    /// found by two compares; names stored otherwise take the comparison of their text.
    struct Name: Sendable {
        let text: String
        let key: UInt32
        let words: SIMD2<UInt64>

        init(_ text: String) {
            self.text = text
            key = Self.key(text)
            words = Self.words(of: text)
        }

        @inline(__always)
        static func words(of text: String) -> SIMD2<UInt64> {
            guard MemoryLayout<String>.size == MemoryLayout<SIMD2<UInt64>>.size else { return .zero }
            return withUnsafeBytes(of: text) { $0.loadUnaligned(as: SIMD2<UInt64>.self) }
        }

        /// Where a name's words are first looked for in ``RoutePlan/nameTable`` (of `tableCount`, a
        /// power of two, slots): the product's top bits (its low bits put names that differ in one
        /// byte, such as `k1` and `k2`, in neighbouring slots, which linear probing then walks).
        @inline(__always)
        static func hash(_ words: SIMD2<UInt64>, tableCount: Int) -> Int {
            Int(truncatingIfNeeded: ((words.x &+ words.y) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 &- tableCount.trailingZeroBitCount))
        }

        @inline(__always)
        static func key(_ name: String) -> UInt32 {
            let utf8 = name.utf8
            let first = utf8.withContiguousStorageIfAvailable { $0.first ?? 0 } ?? utf8.first ?? 0
            return UInt32(truncatingIfNeeded: utf8.count) << 8 | UInt32(first)
        }
    }

    /// A URL's values in one allocation: the route's plan (names, words), a slot per parameter,
    /// then the lists' items, then a copy of the URL's bytes in which the binder wrote each
    /// escaped text value decoded, at its own offset: text is made into a `String` only when read.
    final class Storage: ManagedBuffer<Storage.Header, Slot> {
        struct Header {
            /// Kept alive for its tables, which are read through these pointers (reading the
            /// reference out of the header would retain it on every read).
            let plan: RoutePlan
            let names: UnsafeBufferPointer<Name>
            let nameTable: UnsafeBufferPointer<Int32>
            let words: UnsafeBufferPointer<String>
            /// Where the URL's bytes start, in slots.
            let bytesAt: Int
            /// The slots in use.
            var count: Int
        }

        /// A storage for binding `plan`'s parameters from the URL `bytes`, with room for `items` list items.
        @inline(__always)
        static func make(plan: RoutePlan, bytes: UnsafeBufferPointer<UInt8>, items: Int) -> Storage {
            let parameters = plan.names.count
            let bytesAt = parameters &+ items
            let byteSlots = (bytes.count &+ MemoryLayout<Slot>.stride &- 1) / MemoryLayout<Slot>.stride
            let buffer = create(minimumCapacity: bytesAt &+ byteSlots) { _ in
                Header(
                    plan: plan, names: plan.names.buffer, nameTable: plan.nameTable.buffer, words: plan.words.strings.buffer,
                    bytesAt: bytesAt, count: parameters)
            }
            let storage = unsafeDowncast(buffer, to: Storage.self)
            storage.withUnsafeMutablePointerToElements { slots in
                slots.initialize(repeating: .absent, count: parameters)
                let text = UnsafeMutableRawPointer(slots + bytesAt).bindMemory(to: UInt8.self, capacity: bytes.count)
                if let base = bytes.baseAddress { text.update(from: base, count: bytes.count) }
            }
            return storage
        }

        // The header is read through its pointer: `header` would check exclusive access at run time.
        @inline(__always)
        var head: UnsafeMutablePointer<Header> { withUnsafeMutablePointerToHeader { $0 } }

        @inline(__always)
        var slots: UnsafeMutablePointer<Slot> { withUnsafeMutablePointerToElements { $0 } }

        @inline(__always)
        var bytes: UnsafeMutablePointer<UInt8> {
            UnsafeMutableRawPointer(slots + head.pointee.bytesAt).assumingMemoryBound(to: UInt8.self)
        }

        /// The bound slot of `name`, or `nil` when absent.
        @inline(__always)
        func slot(_ name: String) -> Slot? {
            let names = head.pointee.names
            var found = -1
            let words = Name.words(of: name)
            if words != .zero {
                let table = head.pointee.nameTable
                var probe = Name.hash(words, tableCount: table.count)
                while table[probe] >= 0 {
                    if names[Int(table[probe])].words == words {
                        found = Int(table[probe])
                        break
                    }
                    probe = (probe &+ 1) & (table.count &- 1)
                }
            }
            if found < 0 {
                let key = Name.key(name)
                guard let index = names.indices.first(where: { names[$0].key == key && names[$0].text == name }) else { return nil }
                found = index
            }
            let slot = slots[found]
            if case .absent = slot.value { return nil }
            return slot
        }

        /// The text of a text slot.
        @inline(__always)
        func string(_ slot: Slot) -> String {
            StringList.string(UnsafeBufferPointer(start: bytes + Int(slot.start), count: Int(slot.length)))
        }

        /// The value of `name`, or `nil` when absent.
        func value(of name: String) -> ParameterValue? {
            guard let slot = slot(name) else { return nil }
            return value(slot)
        }

        /// The value of a bound slot.
        func value(_ slot: Slot) -> ParameterValue {
            switch slot.value {
            case .text: return .string(string(slot))
            case .word(let index, let isKeyword):
                let word = head.pointee.words[index]
                return isKeyword ? .keyword(word) : .string(word)
            case .integer(let number): return .integer(number)
            case .uuid(let uuid): return .uuid(uuid)
            case .boolean(let flag): return .boolean(flag)
            case .date(let date): return .date(date)
            case .list(let first, _, let count):
                let slots = self.slots
                var index = Int(first)
                return .list(
                    StringList.make(count: Int(count)) {
                        defer { index = Int(slots[index].next) }
                        return value(slots[index])
                    })
            case .absent: preconditionFailure("an absent value is not read")
            }
        }

        /// A list slot's items read straight from their slots (no `[ParameterValue]` between), or
        /// `nil` when `slot` is not a list or its items are not what `item` reads (lists are of one type).
        @inline(__always)
        func list<Element>(_ slot: Slot, _ item: (Storage, Slot) -> Element?) -> [Element]? {
            guard case .list(let first, _, let count) = slot.value else { return nil }
            if count == 0 { return [] }
            let slots = self.slots
            guard let head = item(self, slots[Int(first)]) else { return nil }
            var index = Int(first)
            return StringList.make(count: Int(count)) {
                defer { index = Int(slots[index].next) }
                return index == Int(first) ? head : item(self, slots[index]).unsafelyUnwrapped
            }
        }

        /// Binds parameter number `parameter`, known not to be bound yet, to `value` read at `start`
        /// of the URL `url`.
        @inline(__always)
        func bind(_ parameter: Int, _ value: ReadValue, start: Int, url: UnsafePointer<UInt8>) {
            slots[parameter] = slot(value, start: start, url: url)
        }

        /// Binds parameter number `parameter` to an empty list at `start`.
        func bindEmptyList(_ parameter: Int, start: Int) {
            slots[parameter] = Slot(value: .list(first: -1, last: -1, count: 0), start: Int32(truncatingIfNeeded: start), length: 0)
        }

        /// Appends an item to the list of parameter number `parameter` (bound at `listStart` by its first item).
        @inline(__always)
        func append(_ value: ReadValue, start: Int, url: UnsafePointer<UInt8>, toList parameter: Int, listStart: Int) {
            let head = self.head
            let item = head.pointee.count
            precondition(item < head.pointee.bytesAt, "room for every list item")
            head.pointee.count = item &+ 1
            let slots = self.slots
            (slots + item).initialize(to: slot(value, start: start, url: url))
            let index = Int32(truncatingIfNeeded: item)
            if case .list(let first, let last, let count) = slots[parameter].value {
                if last >= 0 { slots[Int(last)].next = index }
                slots[parameter].value = .list(first: first >= 0 ? first : index, last: index, count: count &+ 1)
            } else {
                slots[parameter] = Slot(value: .list(first: index, last: index, count: 1), start: Int32(truncatingIfNeeded: listStart), length: 0)
            }
        }

        /// The slot of a value read at `start`: text keeps its decoded bytes over its raw ones in
        /// the copy (they are the URL's own unless it was escaped).
        @inline(__always)
        private func slot(_ value: ReadValue, start: Int, url: UnsafePointer<UInt8>) -> Slot {
            let slotValue: Slot.Value
            var length = 0
            switch value {
            case .text(let decoded):
                if let base = decoded.baseAddress, base != url + start { (bytes + start).update(from: base, count: decoded.count) }
                slotValue = .text
                length = decoded.count
            case .word(let index, let isKeyword): slotValue = .word(index, isKeyword: isKeyword)
            case .integer(let number): slotValue = .integer(number)
            case .uuid(let uuid): slotValue = .uuid(uuid)
            case .boolean(let flag): slotValue = .boolean(flag)
            case .date(let date): slotValue = .date(date)
            }
            return Slot(value: slotValue, start: Int32(truncatingIfNeeded: start), length: Int32(truncatingIfNeeded: length))
        }

        /// The values present, by name.
        var present: [String: ParameterValue] {
            var values: [String: ParameterValue] = [:]
            let names = head.pointee.names
            for index in names.indices {
                if case .absent = slots[index].value { continue }
                values[names[index].text] = value(slots[index])
            }
            return values
        }
    }

    /// Bound from a URL (`nil` when set by hand).
    let storage: Storage?
    /// Set by hand (for printing), in the order set.
    private var byHand: [(name: String, value: ParameterValue)]

    /// An empty set, to fill for printing.
    public init() {
        storage = nil
        byHand = []
    }

    /// A set holding `values`.
    public init(_ values: [String: ParameterValue]) {
        self.init()
        for (name, value) in values { self[name] = value }
    }

    /// The values bound in `storage`.
    init(_ storage: Storage) {
        self.storage = storage
        byHand = []
    }

    /// The value of `name`, or `nil`. Setting `nil` removes it.
    public subscript(name: String) -> ParameterValue? {
        get {
            if storage == nil { return byHand.first { $0.name == name }?.value }
            return storage?.value(of: name)
        }
        set {
            if storage != nil { self = RouteParameters(present) }
            if let index = byHand.firstIndex(where: { $0.name == name }) {
                if let newValue { byHand[index].value = newValue } else { byHand.remove(at: index) }
            } else if let newValue {
                byHand.append((name, newValue))
            }
        }
    }

    /// The values of a `repeated` string parameter, or the segments of a catch-all. (The other
    /// getters are ``ParameterReader``'s.)
    public func strings(_ name: String) throws(RouteError) -> [String] {
        if let storage, let slot = storage.slot(name),
            let strings = storage.list(slot, { storage, item -> String? in
                guard case .text = item.value else { return nil }
                return storage.string(item)
            })
        {
            return strings
        }
        return try value(name)
    }

    /// The values of a `repeated` integer parameter.
    public func integers(_ name: String) throws(RouteError) -> [Int] {
        if let storage, let slot = storage.slot(name),
            let integers = storage.list(slot, { _, item -> Int? in
                guard case .integer(let number) = item.value else { return nil }
                return number
            })
        {
            return integers
        }
        return try value(name)
    }

    /// The byte offset in the URL of the text `name` was read from, when it came from a URL.
    public func offset(of name: String) -> Int? { storage?.slot(name).map { Int($0.start) } }

    /// The values present, by name.
    private var present: [String: ParameterValue] {
        storage?.present ?? Dictionary(byHand.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
    }

    /// The names of the values present, sorted.
    public var names: [String] { present.keys.sorted() }

    /// Whether no value is present.
    public var isEmpty: Bool { present.isEmpty }

    /// Sets `name` to a typed value, or removes it when `value` is `nil`.
    public mutating func set<Value: ParameterConvertible>(_ name: String, _ value: Value?) {
        self[name] = value?.parameterValue
    }

    /// Equal when the same names hold equal values, in any order; offsets are not compared.
    public static func == (lhs: RouteParameters, rhs: RouteParameters) -> Bool { lhs.present == rhs.present }

    /// Hashes the values in name order.
    public func hash(into hasher: inout Hasher) {
        for (name, value) in present.sorted(by: { $0.key < $1.key }) {
            hasher.combine(name)
            hasher.combine(value)
        }
    }

    /// `{due: 2008-06-23T13:00:00, task: "Quarterly Report"}`, sorted by name.
    public var description: String {
        "{" + present.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
    }
}
