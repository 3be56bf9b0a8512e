/// A typed parameter value, as a route binds it from a URL or as printing reads it.
public enum ParameterValue: Sendable, Hashable, CustomStringConvertible {
    /// A `string` or `enumeration` value, percent-decoded.
    case string(String)
    /// An `integer` value.
    case integer(Int)
    /// A `uuid` value.
    case uuid(UUIDValue)
    /// A `boolean` value.
    case boolean(Bool)
    /// A `date` value.
    case date(CivilDateTime)
    /// A `url` value.
    case url(SchemeURL)
    /// One of the parameter's `keywords`, given in place of a value (the seed's `today`).
    case keyword(String)
    /// The values of a `repeated` query parameter in URL order, or the segments of a catch-all
    /// (`remainder`) as `.string`s.
    case list([ParameterValue])

    /// What kind of value this is, for messages: `string`, `integer`, `uuid`, `boolean`, `date`, `url`, `keyword`, `list`.
    public var kindName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .uuid: "uuid"
        case .boolean: "boolean"
        case .date: "date"
        case .url: "url"
        case .keyword: "keyword"
        case .list: "list"
        }
    }

    /// The value for people: strings quoted, lists in brackets, dates in ISO 8601.
    public var description: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .integer(let number): String(number)
        case .uuid(let uuid): uuid.description
        case .boolean(let flag): flag ? "true" : "false"
        case .date(let date): date.description
        case .url(let url): url.text
        case .keyword(let word): "keyword \(word)"
        case .list(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        }
    }
}
