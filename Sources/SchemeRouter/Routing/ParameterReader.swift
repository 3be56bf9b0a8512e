/// Reading a route's typed values by parameter name: what ``RouteParameters`` offers, and
/// ``RouteMatch`` forwards to its parameters, so a request type reads either:
///
/// ```swift
/// let task = try match.string("task")            // the same as match.parameters.string("task")
/// let due = try match.parameters.optionalDate("due")
/// ```
///
/// Every getter throws ``RouteError`` naming the parameter (and its byte offset in the URL):
/// ``RouteError/parameterNotFound(name:)`` when a required value is absent,
/// ``RouteError/parameterTypeMismatch(name:expected:found:offset:)`` when it has another type.
public protocol ParameterReader {
    /// The value of `name`, or `nil` when it is absent.
    subscript(name: String) -> ParameterValue? { get }
    /// The byte offset in the URL of the text `name` was read from, when it came from a URL.
    func offset(of name: String) -> Int?
    /// The values of a `repeated` string parameter, or the segments of a catch-all.
    func strings(_ name: String) throws(RouteError) -> [String]
    /// The values of a `repeated` integer parameter.
    func integers(_ name: String) throws(RouteError) -> [Int]
}

// The getters are inlinable: specialized in the app for its reader, no generic dispatch per value.
extension ParameterReader {
    /// A `string` or `enumeration` value.
    @inlinable
    public func string(_ name: String) throws(RouteError) -> String { try value(name) }
    /// A `string` or `enumeration` value, or `nil` when absent.
    @inlinable
    public func optionalString(_ name: String) throws(RouteError) -> String? { try optionalValue(name) }
    /// An `integer` value.
    @inlinable
    public func integer(_ name: String) throws(RouteError) -> Int { try value(name) }
    /// An `integer` value, or `nil` when absent.
    @inlinable
    public func optionalInteger(_ name: String) throws(RouteError) -> Int? { try optionalValue(name) }
    /// A `uuid` value.
    @inlinable
    public func uuid(_ name: String) throws(RouteError) -> UUIDValue { try value(name) }
    /// A `uuid` value, or `nil` when absent.
    @inlinable
    public func optionalUUID(_ name: String) throws(RouteError) -> UUIDValue? { try optionalValue(name) }
    /// A `boolean` value.
    @inlinable
    public func boolean(_ name: String) throws(RouteError) -> Bool { try value(name) }
    /// A `boolean` value, or `nil` when absent.
    @inlinable
    public func optionalBoolean(_ name: String) throws(RouteError) -> Bool? { try optionalValue(name) }
    /// A `date` value (a keyword given instead is a type mismatch: check ``keyword(_:)`` first).
    @inlinable
    public func date(_ name: String) throws(RouteError) -> CivilDateTime { try value(name) }
    /// A `date` value, or `nil` when absent.
    @inlinable
    public func optionalDate(_ name: String) throws(RouteError) -> CivilDateTime? { try optionalValue(name) }
    /// The values of a `repeated` string parameter, or the segments of a catch-all.
    @inlinable
    public func strings(_ name: String) throws(RouteError) -> [String] { try value(name) }
    /// The keyword given for `name` (such as `today`), or `nil` when it is absent or a value was given.
    @inlinable
    public func keyword(_ name: String) -> String? {
        guard case .keyword(let word)? = self[name] else { return nil }
        return word
    }
    /// The value of `name` as `Value`.
    /// - Throws: ``RouteError/parameterNotFound(name:)`` or ``RouteError/parameterTypeMismatch(name:expected:found:offset:)``.
    @inlinable
    public func value<Value: ParameterConvertible>(_ name: String, as type: Value.Type = Value.self) throws(RouteError) -> Value {
        guard let value = try optionalValue(name, as: type) else { throw .parameterNotFound(name: name) }
        return value
    }

    /// The value of `name` as `Value`, or `nil` when absent.
    /// - Throws: ``RouteError/parameterTypeMismatch(name:expected:found:offset:)``.
    @inlinable
    public func optionalValue<Value: ParameterConvertible>(_ name: String, as type: Value.Type = Value.self) throws(RouteError)
        -> Value?
    {
        guard let raw = self[name] else { return nil }
        guard let value = Value(parameterValue: raw) else {
            throw .parameterTypeMismatch(
                name: name, expected: Value.parameterTypeName, found: raw.kindName, offset: offset(of: name))
        }
        return value
    }

    /// The values of a `repeated` integer parameter.
    @inlinable
    public func integers(_ name: String) throws(RouteError) -> [Int] { try value(name) }

    /// An `enumeration` value as a Swift enum whose raw values are the enumeration's values.
    /// - Throws: also ``RouteError/parameterTypeMismatch(name:expected:found:offset:)`` when the value is not a case of `Value`.
    @inlinable
    public func enumeration<Value: RawRepresentable>(_ name: String, as type: Value.Type = Value.self) throws(RouteError)
        -> Value where Value.RawValue == String
    {
        guard let value = try optionalEnumeration(name, as: type) else { throw .parameterNotFound(name: name) }
        return value
    }

    /// An `enumeration` value as a Swift enum, or `nil` when absent.
    @inlinable
    public func optionalEnumeration<Value: RawRepresentable>(_ name: String, as type: Value.Type = Value.self)
        throws(RouteError) -> Value? where Value.RawValue == String
    {
        guard let text = try optionalString(name) else { return nil }
        guard let value = Value(rawValue: text) else {
            throw .parameterTypeMismatch(name: name, expected: "\(Value.self)", found: "'\(text)'", offset: offset(of: name))
        }
        return value
    }
}
