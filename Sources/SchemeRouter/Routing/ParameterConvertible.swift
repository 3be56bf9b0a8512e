/// A Swift type that a route parameter can be read as and printed from.
///
/// `String`, `Int`, `Bool`, ``UUIDValue``, ``CivilDateTime`` and arrays of them conform.
public protocol ParameterConvertible: Sendable {
    /// The name used in type-mismatch errors.
    static var parameterTypeName: String { get }
    /// Reads a bound value, or returns `nil` when it is of another type.
    init?(parameterValue: ParameterValue)
    /// The value to print.
    var parameterValue: ParameterValue { get }
}

/// An `enumeration` parameter's values as a Swift enum, one case per value in the manifest's
/// order (the generator makes one per enumeration parameter): read by the value's index.
public protocol ParameterEnumeration: ParameterConvertible {
    /// The case of the value at `index` in the parameter's `values`, or `nil`.
    init?(valueIndex: Int)
}

// The conversions are inlinable: specialized in the app (a list's, unspecialized, looked up
// generic metadata per value).
extension String: ParameterConvertible {
    /// `string`.
    public static var parameterTypeName: String { "string" }
    /// Reads a `.string`.
    @inlinable
    public init?(parameterValue: ParameterValue) {
        guard case .string(let text) = parameterValue else { return nil }
        self = text
    }
    /// `.string(self)`.
    public var parameterValue: ParameterValue { .string(self) }
}

extension Int: ParameterConvertible {
    /// `integer`.
    public static var parameterTypeName: String { "integer" }
    /// Reads an `.integer`.
    @inlinable
    public init?(parameterValue: ParameterValue) {
        guard case .integer(let number) = parameterValue else { return nil }
        self = number
    }
    /// `.integer(self)`.
    public var parameterValue: ParameterValue { .integer(self) }
}

extension Bool: ParameterConvertible {
    /// `boolean`.
    public static var parameterTypeName: String { "boolean" }
    /// Reads a `.boolean`.
    @inlinable
    public init?(parameterValue: ParameterValue) {
        guard case .boolean(let flag) = parameterValue else { return nil }
        self = flag
    }
    /// `.boolean(self)`.
    public var parameterValue: ParameterValue { .boolean(self) }
}

extension UUIDValue: ParameterConvertible {
    /// `uuid`.
    public static var parameterTypeName: String { "uuid" }
    /// Reads a `.uuid`.
    @inlinable
    public init?(parameterValue: ParameterValue) {
        guard case .uuid(let uuid) = parameterValue else { return nil }
        self = uuid
    }
    /// `.uuid(self)`.
    public var parameterValue: ParameterValue { .uuid(self) }
}

extension CivilDateTime: ParameterConvertible {
    /// `date`.
    public static var parameterTypeName: String { "date" }
    /// Reads a `.date`.
    @inlinable
    public init?(parameterValue: ParameterValue) {
        guard case .date(let date) = parameterValue else { return nil }
        self = date
    }
    /// `.date(self)`.
    public var parameterValue: ParameterValue { .date(self) }
}

extension Array: ParameterConvertible where Element: ParameterConvertible {
    /// `list of <element>`.
    public static var parameterTypeName: String { "list of \(Element.parameterTypeName)" }
    /// Reads a `.list` whose every element is an `Element`.
    @inlinable
    public init?(parameterValue: ParameterValue) {
        guard case .list(let values) = parameterValue else { return nil }
        var elements: [Element] = []
        elements.reserveCapacity(values.count)
        for value in values {
            guard let element = Element(parameterValue: value) else { return nil }
            elements.append(element)
        }
        self = elements
    }
    /// `.list` of the elements' values.
    public var parameterValue: ParameterValue { .list(map(\.parameterValue)) }
}

extension SchemeURL: ParameterConvertible {
    /// `url`.
    public static var parameterTypeName: String { "url" }
    /// Reads a `.url`.
    @inlinable
    public init?(parameterValue: ParameterValue) {
        guard case .url(let url) = parameterValue else { return nil }
        self = url
    }
    /// `.url(self)`.
    public var parameterValue: ParameterValue { .url(self) }
}
