/// Reading a match's values by their position in the route (``Route/parameterOrder``: the path's
/// parameters, then the query items in the manifest's order, the raw query, the fragment), with no
/// name to look up: how a request type generated from the manifest reads a URL.
///
/// ```swift
/// // notes://new?title=Groceries&tag=home: "new" binds title (0), then tags (1)
/// let title: String = try match.value(at: 0)
/// let tags = try match.strings(at: 1)
/// ```
extension RouteMatch {
    /// The value at `position`, or `nil` when it is absent (or there is no such position).
    public func value(at position: Int) -> ParameterValue? { parameters.storage.value(at: position) }

    /// The value at `position` as `Value`.
    /// - Throws: ``RouteError/parameterNotFound(name:)`` when absent, or
    ///   ``RouteError/parameterTypeMismatch(name:expected:found:offset:)`` when of another type.
    @inlinable  // specialized in the app for each value type: no generic dispatch per value
    public func value<Value: ParameterConvertible>(at position: Int, as type: Value.Type = Value.self) throws(RouteError) -> Value {
        guard let value = try optionalValue(at: position, as: type) else { throw missing(at: position) }
        return value
    }

    /// The value at `position` as `Value`, or `nil` when absent.
    /// - Throws: ``RouteError/parameterTypeMismatch(name:expected:found:offset:)``.
    @inlinable
    public func optionalValue<Value: ParameterConvertible>(at position: Int, as type: Value.Type = Value.self) throws(RouteError)
        -> Value?
    {
        guard let raw = value(at: position) else { return nil }
        guard let value = Value(parameterValue: raw) else {
            throw mismatch(at: position, expected: Value.parameterTypeName, found: raw.kindName)
        }
        return value
    }

    /// The `string` value at `position`, made from the match's copy of the URL at once.
    /// - Throws: as ``value(at:as:)``.
    public func string(at position: Int) throws(RouteError) -> String {
        if case .read(.text(let text))? = parameters.storage.boundSlot(at: position)?.value { return StringList.string(text) }
        return try value(at: position)
    }

    /// The `string` value at `position`, or `nil` when absent.
    /// - Throws: as ``optionalValue(at:as:)``.
    public func optionalString(at position: Int) throws(RouteError) -> String? {
        switch parameters.storage.boundSlot(at: position)?.value {
        case .read(.text(let text))?: return StringList.string(text)
        case .absent?: return nil
        default: return try optionalValue(at: position)
        }
    }

    /// The `integer` value at `position`.
    /// - Throws: as ``value(at:as:)``.
    public func integer(at position: Int) throws(RouteError) -> Int {
        if case .read(.integer(let number))? = parameters.storage.boundSlot(at: position)?.value { return number }
        return try value(at: position)
    }

    /// The `integer` value at `position`, or `nil` when absent.
    /// - Throws: as ``optionalValue(at:as:)``.
    public func optionalInteger(at position: Int) throws(RouteError) -> Int? {
        switch parameters.storage.boundSlot(at: position)?.value {
        case .read(.integer(let number))?: return number
        case .absent?: return nil
        default: return try optionalValue(at: position)
        }
    }

    /// The `enumeration` value at `position` as `Value`, found by the value's index in the
    /// manifest's `values` (no text compared).
    /// - Throws: as ``value(at:as:)``.
    @inlinable
    public func enumeration<Value: ParameterEnumeration>(at position: Int, as type: Value.Type = Value.self) throws(RouteError) -> Value {
        if let index = valueIndex(at: position), let value = Value(valueIndex: index) { return value }
        return try value(at: position)
    }

    /// The `enumeration` value at `position` as `Value`, or `nil` when absent.
    /// - Throws: as ``optionalValue(at:as:)``.
    @inlinable
    public func optionalEnumeration<Value: ParameterEnumeration>(at position: Int, as type: Value.Type = Value.self)
        throws(RouteError) -> Value?
    {
        if let index = valueIndex(at: position), let value = Value(valueIndex: index) { return value }
        return try optionalValue(at: position)
    }

    /// The index among its parameter's `values` of the enumeration value at `position`, or `nil`
    /// when it is absent or not an enumeration value.
    public func valueIndex(at position: Int) -> Int? { parameters.storage.valueIndex(at: position) }

    /// The strings of the list at `position` (a `repeated` string parameter, or a catch-all's segments).
    /// - Throws: as ``value(at:as:)``.
    public func strings(at position: Int) throws(RouteError) -> [String] {
        if let strings = parameters.storage.list(at: position, RouteParameters.string) { return strings }
        return try value(at: position)
    }

    /// The integers of the list at `position` (a `repeated` integer parameter).
    /// - Throws: as ``value(at:as:)``.
    public func integers(at position: Int) throws(RouteError) -> [Int] {
        if let integers = parameters.storage.list(at: position, RouteParameters.integer) { return integers }
        return try value(at: position)
    }

    /// The name of the parameter at `position`, for messages.
    private func name(at position: Int) -> String {
        let order = route.parameterOrder
        return order.indices.contains(position) ? order[position] : "#\(position)"
    }

    @usableFromInline
    @inline(never)
    func missing(at position: Int) -> RouteError { .parameterNotFound(name: name(at: position)) }

    @usableFromInline
    @inline(never)
    func mismatch(at position: Int, expected: String, found: String) -> RouteError {
        let name = name(at: position)
        return .parameterTypeMismatch(name: name, expected: expected, found: found, offset: parameters.offset(of: name))
    }
}
