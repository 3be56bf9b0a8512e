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
public struct RouteParameters: ParameterReader, Sendable, Hashable, CustomStringConvertible {
    /// The value of the name at the same index of `nameTable` (for a URL's values, the route's
    /// own list: no string is copied), or `.absent`. Routes have a handful of parameters, so a
    /// flat array read linearly is faster than hashing names; a getter finds its name once, the
    /// binder writes by index, and binding a URL's values is one allocation.
    struct Entry: Sendable {
        var stored: Stored
        /// The byte offset of the value's text in the URL, or `-1` for a value set by hand.
        var offset: Int

        static let absent = Entry(stored: .absent, offset: -1)
        var isPresent: Bool { if case .absent = stored { false } else { true } }
        var value: ParameterValue { stored.value }
    }

    /// How a value is kept: a list of text (a repeated string or enumeration item, a catch-all)
    /// is kept as the `[String]` that ``strings(_:)`` returns, so reading it copies nothing.
    enum Stored: Sendable {
        case value(ParameterValue)
        case strings([String])
        case absent

        var value: ParameterValue {
            switch self {
            case .value(let value): value
            case .strings(let strings): .list(strings.map(ParameterValue.string))
            case .absent: preconditionFailure("an absent value is not read")
            }
        }

        /// Appends to a list of text, in place (the list is taken out first, so it stays unique).
        @inline(__always)
        mutating func append(_ text: String) {
            guard case .strings(var list) = self else { preconditionFailure("not a list of text") }
            self = .absent  // a placeholder that holds no reference
            list.append(text)
            self = .strings(list)
        }

        /// Appends to a list of values, in place.
        mutating func append(_ value: ParameterValue) {
            guard case .value(.list(var list)) = self else { preconditionFailure("not a list") }
            self = .absent
            list.append(value)
            self = .value(.list(list))
        }
    }

    /// A parameter name, its comparison key (see ``key(_:)``) and the two words its `String` is
    /// stored in (zero where a `String` is not two words): equal words are equal strings (a small
    /// string's bytes, or the same storage), so an app's literal or small name is found by two
    /// compares; names stored otherwise take the comparison of their text.
    struct Name: Sendable {
        let text: String
        let key: UInt32
        let words: SIMD2<UInt64>

        init(_ text: String) {
            self.text = text
            key = RouteParameters.key(text)
            words = RouteParameters.words(of: text)
        }
    }

    @inline(__always)
    static func words(of text: String) -> SIMD2<UInt64> {
        guard MemoryLayout<String>.size == MemoryLayout<SIMD2<UInt64>>.size else { return .zero }
        return withUnsafeBytes(of: text) { $0.loadUnaligned(as: SIMD2<UInt64>.self) }
    }

    /// The names, and their values by the same index.
    private var nameTable: [Name]
    private var entries: [Entry]

    /// An empty set, to fill for printing.
    public init() {
        nameTable = []
        entries = []
    }

    /// An empty set that binds names of `names` by index.
    init(names: [Name]) {
        nameTable = names
        entries = []
        // Not `Array(repeating:count:)`: that looks up the array's generic metadata at run time.
        entries.reserveCapacity(names.count)
        for _ in names.indices { entries.append(.absent) }
    }

    /// A set holding `values`.
    public init(_ values: [String: ParameterValue]) {
        self.init()
        for (name, value) in values { self[name] = value }
    }

    /// The comparison key of a name: its length and first byte.
    @inline(__always)
    static func key(_ name: String) -> UInt32 {
        let utf8 = name.utf8
        let first = utf8.withContiguousStorageIfAvailable { $0.first ?? 0 } ?? utf8.first ?? 0
        return UInt32(truncatingIfNeeded: utf8.count) << 8 | UInt32(first)
    }

    /// The index of `name` in the name table (names are unique), whether or not it holds a value.
    @inline(__always)
    private func nameIndex(of name: String) -> Int? {
        let words = Self.words(of: name)
        if words != .zero {
            for index in nameTable.indices where nameTable[index].words == words { return index }
        }
        let key = Self.key(name)
        return nameTable.indices.first { nameTable[$0].key == key && nameTable[$0].text == name }
    }

    /// The index of the value of `name`, or `nil` when absent.
    @inline(__always)
    private func index(of name: String) -> Int? {
        guard let index = nameIndex(of: name), entries[index].isPresent else { return nil }
        return index
    }

    /// The value of `name`, or `nil`. Setting `nil` removes it.
    public subscript(name: String) -> ParameterValue? {
        get { index(of: name).map { entries[$0].value } }
        set {
            let index = nameIndex(of: name)
            if let newValue {
                if let index {
                    entries[index] = Entry(stored: .value(newValue), offset: -1)
                } else {
                    nameTable.append(Name(name))
                    entries.append(Entry(stored: .value(newValue), offset: -1))
                }
            } else if let index {
                entries[index] = .absent
            }
        }
    }

    /// Adds a value for name number `name` of the name table, known not to be bound yet.
    @inline(__always)
    mutating func bindNew(_ name: Int, _ value: consuming ParameterValue, offset: Int) {
        bindNew(name, Entry(stored: .value(value), offset: offset))
    }

    /// Adds a list of text for name number `name`, known not to be bound yet.
    mutating func bindNew(_ name: Int, strings: [String], offset: Int) {
        bindNew(name, Entry(stored: .strings(strings), offset: offset))
    }

    /// Writes over an absent entry, which holds no reference: nothing to destroy first.
    @inline(__always)
    private mutating func bindNew(_ name: Int, _ entry: Entry) {
        precondition(name >= 0 && name < entries.count)
        entries.withUnsafeMutableBufferPointer { ($0.baseAddress.unsafelyUnwrapped + name).initialize(to: entry) }
    }

    /// Appends an item to the list of text of name number `name`, bound at its first item
    /// (`offset`) with room for `capacity` items.
    @inline(__always)
    mutating func append(_ text: String, toList name: Int, offset: Int, capacity: Int) {
        if entries[name].isPresent {
            entries[name].stored.append(text)
        } else {
            var list: [String] = []
            list.reserveCapacity(capacity)
            list.append(text)
            bindNew(name, strings: list, offset: offset)
        }
    }

    /// Appends an item to the list of values of name number `name`, bound at its first item.
    mutating func append(_ value: ParameterValue, toList name: Int, offset: Int) {
        if entries[name].isPresent {
            entries[name].stored.append(value)
        } else {
            bindNew(name, .list([value]), offset: offset)
        }
    }

    /// The byte offset in the URL of the text `name` was read from, when it came from a URL.
    public func offset(of name: String) -> Int? {
        guard let index = index(of: name), entries[index].offset >= 0 else { return nil }
        return entries[index].offset
    }

    /// The names of the values present, sorted.
    public var names: [String] { present.map { nameTable[$0].text }.sorted() }

    /// Whether no value is present.
    public var isEmpty: Bool { !entries.contains { $0.isPresent } }

    /// The indices of the values present.
    private var present: [Int] { entries.indices.filter { entries[$0].isPresent } }

    /// Sets `name` to a typed value, or removes it when `value` is `nil`.
    public mutating func set<Value: ParameterConvertible>(_ name: String, _ value: Value?) {
        self[name] = value?.parameterValue
    }

    /// The values of a `repeated` string parameter, or the segments of a catch-all: the list
    /// as kept, without a copy. (The other getters are ``ParameterReader``'s.)
    public func strings(_ name: String) throws(RouteError) -> [String] {
        if let index = index(of: name), case .strings(let strings) = entries[index].stored { return strings }
        return try value(name)
    }

    /// Equal when the same names hold equal values, in any order; offsets are not compared.
    public static func == (lhs: RouteParameters, rhs: RouteParameters) -> Bool {
        let present = lhs.present
        return present.count == rhs.present.count && present.allSatisfy { rhs[lhs.nameTable[$0].text] == lhs.entries[$0].value }
    }

    /// Hashes the values in name order.
    public func hash(into hasher: inout Hasher) {
        for index in present.sorted(by: { nameTable[$0].text < nameTable[$1].text }) {
            hasher.combine(nameTable[index].text)
            hasher.combine(entries[index].value)
        }
    }

    /// `{due: 2008-06-23T13:00:00, task: "Quarterly Report"}`, sorted by name.
    public var description: String {
        "{" + present.map { (nameTable[$0].text, entries[$0].value) }.sorted { $0.0 < $1.0 }.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}"
    }
}
