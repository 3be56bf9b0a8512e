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
    /// One bound value. Routes have a handful of parameters, so a flat array read linearly is
    /// faster than hashing names, and binding a URL's values is one allocation. The name is an
    /// index into `nameTable` (for a URL's values, the route's own list: no string is copied),
    /// with its length and first byte in `key` to skip most comparisons.
    struct Entry: Sendable {
        let name: Int
        let key: UInt32
        var stored: Stored
        /// The byte offset of the value's text in the URL, or `-1` for a value set by hand.
        var offset: Int

        var value: ParameterValue { stored.value }
    }

    /// How a value is kept: a list of text (a repeated string or enumeration item, a catch-all)
    /// is kept as the `[String]` that ``strings(_:)`` returns, so reading it copies nothing.
    enum Stored: Sendable {
        case value(ParameterValue)
        case strings([String])

        var value: ParameterValue {
            switch self {
            case .value(let value): value
            case .strings(let strings): .list(strings.map(ParameterValue.string))
            }
        }

        /// Appends to a list of text, in place (the list is taken out first, so it stays unique).
        mutating func append(_ text: String) {
            guard case .strings(var list) = self else { preconditionFailure("not a list of text") }
            self = .value(.boolean(false))  // a placeholder that holds no reference
            list.append(text)
            self = .strings(list)
        }

        /// Appends to a list of values, in place.
        mutating func append(_ value: ParameterValue) {
            guard case .value(.list(var list)) = self else { preconditionFailure("not a list") }
            self = .value(.boolean(false))
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

    /// The names entries refer to (may hold names no entry uses).
    private var nameTable: [Name]
    private var entries: [Entry]

    /// An empty set, to fill for printing.
    public init() {
        nameTable = []
        entries = []
    }

    /// An empty set that binds names of `names` by index, with room for `capacity` values.
    init(names: [Name], capacity: Int) {
        nameTable = names
        entries = []
        if capacity > 0 { entries.reserveCapacity(capacity) }
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

    @inline(__always)
    private func index(of name: String) -> Int? {
        let words = Self.words(of: name)
        if words != .zero {
            for index in entries.indices where nameTable[entries[index].name].words == words { return index }
        }
        let key = Self.key(name)
        for index in entries.indices where entries[index].key == key && nameTable[entries[index].name].text == name {
            return index
        }
        return nil
    }

    /// The index of `name` in the name table, added when missing.
    private mutating func nameIndex(_ name: String) -> Int {
        if let index = nameTable.firstIndex(where: { $0.text == name }) { return index }
        nameTable.append(Name(name))
        return nameTable.count - 1
    }

    /// The value of `name`, or `nil`. Setting `nil` removes it.
    public subscript(name: String) -> ParameterValue? {
        get { index(of: name).map { entries[$0].value } }
        set {
            if let index = index(of: name) {
                if let newValue {
                    entries[index].stored = .value(newValue)
                    entries[index].offset = -1
                } else {
                    entries.remove(at: index)
                }
            } else if let newValue {
                entries.append(Entry(name: nameIndex(name), key: Self.key(name), stored: .value(newValue), offset: -1))
            }
        }
    }

    /// Adds a value for name number `name` of the name table, known not to be bound yet.
    @inline(__always)
    mutating func bindNew(_ name: Int, _ value: consuming ParameterValue, offset: Int) {
        entries.append(Entry(name: name, key: nameTable[name].key, stored: .value(value), offset: offset))
    }

    /// Adds a list of text for name number `name`, known not to be bound yet.
    mutating func bindNew(_ name: Int, strings: [String], offset: Int) {
        entries.append(Entry(name: name, key: nameTable[name].key, stored: .strings(strings), offset: offset))
    }

    /// Appends an item to the list of text of name number `name`, bound at its first item
    /// (`offset`) with room for `capacity` items.
    @inline(__always)
    mutating func append(_ text: String, toList name: Int, offset: Int, capacity: Int) {
        if let index = entries.lastIndex(where: { $0.name == name }) {
            entries[index].stored.append(text)
        } else {
            var list: [String] = []
            list.reserveCapacity(capacity)
            list.append(text)
            bindNew(name, strings: list, offset: offset)
        }
    }

    /// Appends an item to the list of values of name number `name`, bound at its first item.
    mutating func append(_ value: ParameterValue, toList name: Int, offset: Int) {
        if let index = entries.lastIndex(where: { $0.name == name }) {
            entries[index].stored.append(value)
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
    public var names: [String] { entries.map { nameTable[$0.name].text }.sorted() }

    /// Whether no value is present.
    public var isEmpty: Bool { entries.isEmpty }

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
        lhs.entries.count == rhs.entries.count && lhs.entries.allSatisfy { rhs[lhs.nameTable[$0.name].text] == $0.value }
    }

    /// Hashes the values in name order.
    public func hash(into hasher: inout Hasher) {
        for entry in entries.sorted(by: { nameTable[$0.name].text < nameTable[$1.name].text }) {
            hasher.combine(nameTable[entry.name].text)
            hasher.combine(entry.value)
        }
    }

    /// `{due: 2008-06-23T13:00:00, task: "Quarterly Report"}`, sorted by name.
    public var description: String {
        "{" + entries.map { (nameTable[$0.name].text, $0.value) }.sorted { $0.0 < $1.0 }.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}"
    }
}
