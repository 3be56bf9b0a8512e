/// The typed values a route bound from a URL, by parameter name, each with the byte offset of its
/// text in the URL.
///
/// Read them with the typed getters of ``ParameterReader`` (`try parameters.string("task")`); each
/// throws ``RouteError`` naming the parameter (and its offset) when it is absent or of another type.
/// Two parameter sets are equal when they hold the same values; offsets are not compared.
// Unchecked: `Storage` (a `ManagedBuffer`, which is not `Sendable`) is written only before it is shared.
public struct RouteParameters: ParameterReader, @unchecked Sendable, Hashable, CustomStringConvertible {
    /// One value bound from the URL, as plain data (no reference per value): text points into the
    /// storage's copy of the URL; a list's items follow the route's parameters, linked by `next`.
    struct Slot {
        enum Value {
            case absent
            case read(ReadValue)
            /// A list's first and last item slots (`-1` when empty) and its count.
            case list(first: Int32, last: Int32, count: Int32)
        }

        var value: Value
        /// The byte offset of the value's text in the URL (a list's: its first item's).
        var start: Int32
        var next: Int32 = -1
    }

    /// A parameter name with its comparison key (length and first byte) and its `String`'s two words
    /// (zero where a `String` is not two words): equal words are equal strings, found by two compares.
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

        /// A name's first slot in a table of `tableCount` (a power of two) slots: the product's top
        /// bits (its low bits put `k1` and `k2` side by side, which linear probing then walks).
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

    /// A match in one allocation: the URL, route and declaration, a slot per parameter, the lists' items,
    /// then a copy of the URL's bytes with escaped text decoded in place (values set by hand: a dictionary).
    final class Storage: ManagedBuffer<Storage.Header, Slot> {
        struct Header {
            /// Set by ``RouteMatch`` (`nil` in a set not made into a match); `route` keeps the tables alive.
            var url: SchemeURL? = nil
            /// Set for a match made by hand only: a bound match's is its route's.
            var declaration: ReverseDNSName? = nil
            var route: Route? = nil
            /// The values set by hand (for printing), or `nil` when bound from a URL.
            let byHand: [String: ParameterValue]?
            /// The plan's tables, read through pointers (reading a reference would retain it).
            let names: UnsafeBufferPointer<Name>
            let nameTable: UnsafeBufferPointer<Int32>
            let words: WordList.Frozen
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
                    byHand: nil, names: plan.names.buffer, nameTable: plan.nameTable.buffer, words: plan.words,
                    bytesAt: bytesAt, count: parameters)
            }
            let storage = unsafeDowncast(buffer, to: Storage.self)
            storage.withUnsafeMutablePointerToElements { slots in
                slots.initialize(repeating: Slot(value: .absent, start: -1), count: parameters)
                let text = UnsafeMutableRawPointer(slots + bytesAt).bindMemory(to: UInt8.self, capacity: bytes.count)
                if let base = bytes.baseAddress { text.update(from: base, count: bytes.count) }
            }
            return storage
        }

        private static let noNames = FrozenArray<Int32>([-1])
        private static let noWords = WordList().frozen()

        /// A storage of values set by hand.
        static func make(byHand values: [String: ParameterValue]) -> Storage {
            let buffer = create(minimumCapacity: 0) { _ in
                Header(
                    byHand: values, names: UnsafeBufferPointer(start: nil, count: 0), nameTable: noNames.buffer, words: noWords,
                    bytesAt: 0, count: 0)
            }
            return unsafeDowncast(buffer, to: Storage.self)
        }

        /// A copy to make a match of `route` with: its slots when `route` bound them, else its values by hand.
        func copy(for route: Route) -> Storage {
            guard head.pointee.byHand == nil, head.pointee.route?.plan === route.plan else { return .make(byHand: present) }
            let copy = unsafeDowncast(Storage.create(minimumCapacity: capacity) { _ in head.pointee }, to: Storage.self)
            copy.slots.initialize(from: slots, count: capacity)
            for index in 0..<head.pointee.count {
                guard case .read(let value) = slots[index].value, let text = value.text else { continue }
                let moved = copy.bytes + (text.baseAddress.unsafelyUnwrapped - UnsafePointer(bytes))
                copy.slots[index].value = .read(value.moved(to: UnsafeBufferPointer(start: moved, count: text.count)))
            }
            return copy
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

        /// The value bound at position `index` of the route's parameters (``Route/parameterOrder``),
        /// or `nil` when absent; a set made by hand is read by the name at that position.
        @inline(__always)
        func value(at index: Int) -> ParameterValue? {
            let head = self.head
            guard head.pointee.byHand == nil else {
                guard let plan = head.pointee.route?.plan, plan.names.indices.contains(index) else { return nil }
                return head.pointee.byHand?[plan.names[index].text]
            }
            guard index >= 0, index < head.pointee.names.count else { return nil }
            let slot = slots[index]
            if case .absent = slot.value { return nil }
            return value(slot)
        }

        /// The slot at position `index` as the binder filled it, or `nil` for a set made by hand
        /// (read by name instead, ``value(at:)``) or a position the route does not have.
        @inline(__always)
        func boundSlot(at index: Int) -> Slot? {
            let head = self.head
            guard head.pointee.byHand == nil, index >= 0, index < head.pointee.names.count else { return nil }
            return slots[index]
        }

        /// The index among its parameter's `values` of the enumeration value at position `index`,
        /// or `nil` when it is absent or not an enumeration value.
        func valueIndex(at index: Int) -> Int? {
            if let slot = boundSlot(at: index) {
                guard case .read(.word(let word, isKeyword: false)) = slot.value, let plan = head.pointee.route?.plan else { return nil }
                return word &- plan.readers[index].values.lowerBound
            }
            guard case .string(let text)? = value(at: index), let route = head.pointee.route,
                case .enumeration(let values)? = route.parameters[route.plan.names[index].text]?.kind
            else { return nil }
            return values.firstIndex(of: text)
        }

        /// The list bound at position `index`, read item by item with `item` (`nil`: not such a list).
        @inline(__always)
        func list<Element>(at index: Int, _ item: (Storage, Slot) -> Element?) -> [Element]? {
            guard head.pointee.byHand == nil, index >= 0, index < head.pointee.names.count else { return nil }
            return list(slots[index], item)
        }

        func value(of name: String) -> ParameterValue? {
            guard let slot = slot(name) else { return head.pointee.byHand?[name] }
            return value(slot)
        }

        func value(_ slot: Slot) -> ParameterValue {
            switch slot.value {
            case .read(.text(let text)): return .string(StringList.string(text))
            case .read(.integer(let number)): return .integer(number)
            case .read(let value): return value.parameterValue(head.pointee.words)
            case .list: return .list(list(slot) { storage, item in storage.value(item) }.unsafelyUnwrapped)
            case .absent: preconditionFailure("an absent value is not read")
            }
        }

        /// A list's items read straight from their slots, or `nil` when `slot` is not a list of what `item` reads.
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

        /// Binds slot `index` (a parameter not bound yet, or a list item) to `value` read at `start` of
        /// the URL `url`: decoded text is kept over its raw bytes in the copy of the URL.
        @inline(__always)
        func bind(_ index: Int, _ value: ReadValue, start: Int, url: UnsafePointer<UInt8>) {
            var kept = value
            switch value {
            case .text(let decoded), .url(let decoded):
                let text = bytes + start
                if let base = decoded.baseAddress, base != url + start { text.update(from: base, count: decoded.count) }
                kept = value.moved(to: UnsafeBufferPointer(start: text, count: decoded.count))
            default: break
            }
            slots[index] = Slot(value: .read(kept), start: Int32(truncatingIfNeeded: start))
        }

        /// Binds parameter number `parameter` to an empty list at `start`.
        func bindEmptyList(_ parameter: Int, start: Int) {
            slots[parameter] = Slot(value: .list(first: -1, last: -1, count: 0), start: Int32(truncatingIfNeeded: start))
        }

        /// Appends an item to the list of parameter number `parameter` (bound at `listStart` by its first item).
        @inline(__always)
        func append(_ value: ReadValue, start: Int, url: UnsafePointer<UInt8>, toList parameter: Int, listStart: Int) {
            let head = self.head
            let item = head.pointee.count
            precondition(item < head.pointee.bytesAt, "room for every list item")
            head.pointee.count = item &+ 1
            bind(item, value, start: start, url: url)
            let slots = self.slots
            let index = Int32(truncatingIfNeeded: item)
            if case .list(let first, let last, let count) = slots[parameter].value {
                if last >= 0 { slots[Int(last)].next = index }
                slots[parameter].value = .list(first: first >= 0 ? first : index, last: index, count: count &+ 1)
            } else {
                slots[parameter] = Slot(value: .list(first: index, last: index, count: 1), start: Int32(truncatingIfNeeded: listStart))
            }
        }

        /// The values present, by name.
        var present: [String: ParameterValue] {
            if let byHand = head.pointee.byHand { return byHand }
            var values: [String: ParameterValue] = [:]
            let names = head.pointee.names
            for index in names.indices {
                if case .absent = slots[index].value { continue }
                values[names[index].text] = value(slots[index])
            }
            return values
        }
    }

    var storage: Storage

    /// An empty set, to fill for printing.
    public init() { storage = .make(byHand: [:]) }

    /// A set holding `values`.
    public init(_ values: [String: ParameterValue]) { storage = .make(byHand: values) }

    /// The values bound in `storage`.
    init(_ storage: Storage) { self.storage = storage }

    /// The value of `name`, or `nil`. Setting `nil` removes it.
    public subscript(name: String) -> ParameterValue? {
        get { storage.value(of: name) }
        set {
            var values = storage.present
            values[name] = newValue
            storage = .make(byHand: values)
        }
    }

    /// The values of a `repeated` string parameter, or the segments of a catch-all. (The other
    /// getters are ``ParameterReader``'s.)
    public func strings(_ name: String) throws(RouteError) -> [String] {
        if let slot = storage.slot(name), let strings = storage.list(slot, Self.string) { return strings }
        return try value(name)
    }

    /// The values of a `repeated` integer parameter.
    public func integers(_ name: String) throws(RouteError) -> [Int] {
        if let slot = storage.slot(name), let integers = storage.list(slot, Self.integer) { return integers }
        return try value(name)
    }

    /// A list item's `String`, or `nil` when it is not text.
    @inline(__always)
    static func string(_ storage: Storage, _ item: Slot) -> String? {
        guard case .read(.text(let text)) = item.value else { return nil }
        return StringList.string(text)
    }

    /// A list item's integer, or `nil` when it is not one.
    @inline(__always)
    static func integer(_ storage: Storage, _ item: Slot) -> Int? {
        guard case .read(.integer(let number)) = item.value else { return nil }
        return number
    }

    /// The byte offset in the URL of the text `name` was read from, when it came from a URL.
    public func offset(of name: String) -> Int? { storage.slot(name).map { Int($0.start) } }

    /// The names of the values present, sorted.
    public var names: [String] { storage.present.keys.sorted() }

    /// Whether no value is present.
    public var isEmpty: Bool { storage.present.isEmpty }

    /// Sets `name` to a typed value, or removes it when `value` is `nil`.
    public mutating func set<Value: ParameterConvertible>(_ name: String, _ value: Value?) {
        self[name] = value?.parameterValue
    }

    /// Equal when the same names hold equal values, in any order; offsets are not compared.
    public static func == (lhs: RouteParameters, rhs: RouteParameters) -> Bool { lhs.storage.present == rhs.storage.present }

    /// Hashes the values (in no order).
    public func hash(into hasher: inout Hasher) { hasher.combine(storage.present) }

    /// `{due: 2008-06-23T13:00:00, task: "Quarterly Report"}`, sorted by name.
    public var description: String {
        "{" + storage.present.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
    }
}
