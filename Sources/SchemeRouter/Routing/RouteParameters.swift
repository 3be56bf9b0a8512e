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
public struct RouteParameters: Sendable, Hashable, CustomStringConvertible {
    private var values: [String: ParameterValue]
    private var offsets: [String: Int]

    /// An empty set, to fill for printing.
    public init() {
        values = [:]
        offsets = [:]
    }

    /// A set holding `values`.
    public init(_ values: [String: ParameterValue]) {
        self.values = values
        offsets = [:]
    }

    /// The value of `name`, or `nil`. Setting `nil` removes it.
    public subscript(name: String) -> ParameterValue? {
        get { values[name] }
        set {
            values[name] = newValue
            offsets[name] = nil
        }
    }

    /// Sets `name` to `value` with the byte offset of its text in the URL.
    mutating func bind(_ name: String, _ value: ParameterValue, offset: Int) {
        values[name] = value
        offsets[name] = offset
    }

    /// The byte offset in the URL of the text `name` was read from, when it came from a URL.
    public func offset(of name: String) -> Int? { offsets[name] }

    /// The names of the values present, sorted.
    public var names: [String] { values.keys.sorted() }

    /// Whether no value is present.
    public var isEmpty: Bool { values.isEmpty }

    /// Sets `name` to a typed value, or removes it when `value` is `nil`.
    public mutating func set<Value: ParameterConvertible>(_ name: String, _ value: Value?) {
        self[name] = value?.parameterValue
    }

    /// The value of `name` as `Value`.
    /// - Throws: ``RouteError/parameterNotFound(name:)`` or ``RouteError/parameterTypeMismatch(name:expected:found:offset:)``.
    public func value<Value: ParameterConvertible>(_ name: String, as type: Value.Type = Value.self) throws(RouteError) -> Value {
        guard let value = try optionalValue(name, as: type) else { throw .parameterNotFound(name: name) }
        return value
    }

    /// The value of `name` as `Value`, or `nil` when absent.
    /// - Throws: ``RouteError/parameterTypeMismatch(name:expected:found:offset:)``.
    public func optionalValue<Value: ParameterConvertible>(_ name: String, as type: Value.Type = Value.self) throws(RouteError)
        -> Value?
    {
        guard let raw = values[name] else { return nil }
        guard let value = Value(parameterValue: raw) else {
            throw .parameterTypeMismatch(
                name: name, expected: Value.parameterTypeName, found: raw.kindName, offset: offsets[name])
        }
        return value
    }

    /// A `string` or `enumeration` value.
    public func string(_ name: String) throws(RouteError) -> String { try value(name) }
    /// A `string` or `enumeration` value, or `nil` when absent.
    public func optionalString(_ name: String) throws(RouteError) -> String? { try optionalValue(name) }
    /// An `integer` value.
    public func integer(_ name: String) throws(RouteError) -> Int { try value(name) }
    /// An `integer` value, or `nil` when absent.
    public func optionalInteger(_ name: String) throws(RouteError) -> Int? { try optionalValue(name) }
    /// A `uuid` value.
    public func uuid(_ name: String) throws(RouteError) -> UUIDValue { try value(name) }
    /// A `uuid` value, or `nil` when absent.
    public func optionalUUID(_ name: String) throws(RouteError) -> UUIDValue? { try optionalValue(name) }
    /// A `boolean` value.
    public func boolean(_ name: String) throws(RouteError) -> Bool { try value(name) }
    /// A `boolean` value, or `nil` when absent.
    public func optionalBoolean(_ name: String) throws(RouteError) -> Bool? { try optionalValue(name) }
    /// A `date` value (a keyword given instead is a type mismatch: check ``keyword(_:)`` first).
    public func date(_ name: String) throws(RouteError) -> CivilDateTime { try value(name) }
    /// A `date` value, or `nil` when absent.
    public func optionalDate(_ name: String) throws(RouteError) -> CivilDateTime? { try optionalValue(name) }
    /// The values of a `repeated` string parameter, or the segments of a catch-all.
    public func strings(_ name: String) throws(RouteError) -> [String] { try value(name) }
    /// The values of a `repeated` integer parameter.
    public func integers(_ name: String) throws(RouteError) -> [Int] { try value(name) }

    /// The keyword given for `name` (such as `today`), or `nil` when it is absent or a value was given.
    public func keyword(_ name: String) -> String? {
        if case .keyword(let word) = values[name] { return word }
        return nil
    }

    /// An `enumeration` value as a Swift enum whose raw values are the enumeration's values.
    /// - Throws: also ``RouteError/parameterTypeMismatch(name:expected:found:offset:)`` when the value is not a case of `Value`.
    public func enumeration<Value: RawRepresentable>(_ name: String, as type: Value.Type = Value.self) throws(RouteError)
        -> Value where Value.RawValue == String
    {
        guard let value = try optionalEnumeration(name, as: type) else { throw .parameterNotFound(name: name) }
        return value
    }

    /// An `enumeration` value as a Swift enum, or `nil` when absent.
    public func optionalEnumeration<Value: RawRepresentable>(_ name: String, as type: Value.Type = Value.self)
        throws(RouteError) -> Value? where Value.RawValue == String
    {
        guard let text = try optionalString(name) else { return nil }
        guard let value = Value(rawValue: text) else {
            throw .parameterTypeMismatch(name: name, expected: "\(Value.self)", found: "'\(text)'", offset: offsets[name])
        }
        return value
    }

    /// Equal when the values are equal; offsets are not compared.
    public static func == (lhs: RouteParameters, rhs: RouteParameters) -> Bool { lhs.values == rhs.values }
    /// Hashes the values.
    public func hash(into hasher: inout Hasher) { hasher.combine(values) }

    /// `{due: 2008-06-23T13:00:00, task: "Quarterly Report"}`, sorted by name.
    public var description: String {
        "{" + names.map { "\($0): \(values[$0]!)" }.joined(separator: ", ") + "}"
    }
}
