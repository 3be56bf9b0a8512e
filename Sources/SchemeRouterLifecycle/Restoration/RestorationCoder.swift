/// The keyed state one object preserves: the counterpart of the `NSCoder` UIKit hands to
/// `encodeRestorableState(with:)` and `decodeRestorableState(with:)`.
///
/// Keys are the object's own. Reading a key that is missing, or holds another type, gives `nil`.
public struct RestorationCoder: Sendable, Hashable {
    /// Every value, by key.
    public private(set) var values: [String: RestorableValue]

    /// Creates a coder holding `values`; empty by default.
    /// - Parameter values: The values, by key.
    public init(_ values: [String: RestorableValue] = [:]) {
        self.values = values
    }

    /// `true` when nothing was encoded.
    public var isEmpty: Bool { values.isEmpty }

    /// Stores a value, replacing any under the same key.
    /// - Parameters:
    ///   - value: The value.
    ///   - key: Its key.
    public mutating func encode(_ value: RestorableValue, forKey key: String) {
        values[key] = value
    }

    /// Stores a string.
    public mutating func encode(_ value: String, forKey key: String) { values[key] = .string(value) }
    /// Stores an integer.
    public mutating func encode(_ value: Int, forKey key: String) { values[key] = .int(value) }
    /// Stores a Boolean.
    public mutating func encode(_ value: Bool, forKey key: String) { values[key] = .bool(value) }
    /// Stores a list of strings.
    public mutating func encode(_ value: [String], forKey key: String) { values[key] = .strings(value) }

    /// The string under `key`, if it is one.
    public func string(forKey key: String) -> String? {
        if case .string(let value) = values[key] { value } else { nil }
    }
    /// The integer under `key`, if it is one.
    public func int(forKey key: String) -> Int? {
        if case .int(let value) = values[key] { value } else { nil }
    }
    /// The Boolean under `key`, if it is one.
    public func bool(forKey key: String) -> Bool? {
        if case .bool(let value) = values[key] { value } else { nil }
    }
    /// The list of strings under `key`, if it is one.
    public func strings(forKey key: String) -> [String]? {
        if case .strings(let value) = values[key] { value } else { nil }
    }
}
