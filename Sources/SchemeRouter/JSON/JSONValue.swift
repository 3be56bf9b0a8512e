/// A JSON value to write, with object keys kept in the order given (every `--json` output of
/// SchemeRouter documents its key order). Strings are escaped by ``JSONString``.
///
/// ```swift
/// JSONValue.object([("valid", .bool(true)), ("offset", .int(3))]).text   // {"valid": true, "offset": 3}
/// ```
public enum JSONValue: Sendable, Hashable {
    /// A string.
    case string(String)
    /// An integer.
    case int(Int)
    /// A number, written with at most three decimals (`null` when not finite).
    case double(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array.
    case array([JSONValue])
    /// An object, keys in the order given.
    case object([(String, JSONValue)])

    /// `.string(value)`, or `.null` when `value` is `nil`.
    public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// Compact JSON text on one line (`", "` and `": "` as separators).
    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// Appends the compact JSON text to `out`.
    public func write(to out: inout String) {
        switch self {
        case .string(let text): out += JSONString.quoted(text)
        case .int(let number): out += String(number)
        case .double(let number): out += number.isFinite ? Self.fixed(number, decimals: 3) : "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += ", " }
                item.write(to: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (index, (key, value)) in pairs.enumerated() {
                if index > 0 { out += ", " }
                out += JSONString.quoted(key)
                out += ": "
                value.write(to: &out)
            }
            out += "}"
        }
    }

    /// `value` rounded to `decimals` places, in plain decimal notation (no exponent): `3.142`.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(Int(scaled)) }
        let whole = Int(scaled / scale)
        let fraction = String(Int(scaled - Double(whole) * scale))
        return "\(sign)\(whole).\(String(repeating: "0", count: max(0, decimals - fraction.count)))\(fraction)"
    }

    /// Values are equal when they would write the same text.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.text == rhs.text }
    /// Hashes the text.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
