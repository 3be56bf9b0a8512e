import SchemeRouter
import SchemeRouterFuzzing

/// A JSON object whose keys are data (route parameter names), in the given order.
struct OrderedObject<Value: Encodable>: Encodable {
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    let pairs: [(String, Value)]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (name, value) in pairs { try container.encode(value, forKey: Key(stringValue: name)) }
    }
}

/// A route parameter's value: strings, UUIDs, dates (ISO 8601) and keywords as strings; integers
/// and booleans as such; lists as arrays.
struct ParameterJSON: Encodable {
    let value: ParameterValue

    func encode(to encoder: any Encoder) throws {
        switch value {
        case .string(let text), .keyword(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .integer(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .boolean(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .uuid(let uuid):
            var container = encoder.singleValueContainer()
            try container.encode(uuid.description)
        case .date(let date):
            var container = encoder.singleValueContainer()
            try container.encode(date.description)
        case .url(let url):
            var container = encoder.singleValueContainer()
            try container.encode(url.text)
        case .list(let values):
            var container = encoder.unkeyedContainer()
            for item in values { try container.encode(ParameterJSON(value: item)) }
        }
    }
}

/// `schemectl validate --json`: one object per URL.
struct ValidateOutput: JSONOutput {
    typealias Rejection = RejectionJSON

    let version = 1
    let input: String
    let valid: Bool
    let scheme: String?
    let userinfo: String?
    let host: String?
    let port: Int?
    let path: String?
    let query: String?
    let fragment: String?
    let error: Rejection?

    init(url: SchemeURL) {
        input = url.text
        valid = true
        scheme = url.scheme
        userinfo = url.userinfo?.description
        host = url.host?.description
        port = url.port
        path = url.path.description
        query = url.query?.description
        fragment = url.fragment?.description
        error = nil
    }

    init(input: String, rejection: URLRejection) {
        self.input = input
        valid = false
        scheme = nil
        userinfo = nil
        host = nil
        port = nil
        path = nil
        query = nil
        fragment = nil
        error = Rejection(code: rejection.code, offset: rejection.offset, message: rejection.message)
    }
}

/// `schemectl route --json`: the match, or why there is none.
struct RouteOutput: JSONOutput {
    struct Parameter: Encodable {
        let kind: String
        let value: ParameterJSON
        let offset: Int?
    }

    struct Failure: Encodable {
        /// `parse` or `route`.
        let stage: String
        let code: String
        let offset: Int?
        let message: String
    }

    let version = 1
    let input: String
    let matched: Bool
    let declaration: String?
    let file: String?
    let route: String?
    let template: String?
    let parameters: OrderedObject<Parameter>?
    let error: Failure?

    init(match: RouteMatch, file: String) {
        input = match.url.text
        matched = true
        declaration = match.declaration.rawValue
        self.file = file
        route = match.route.name
        template = match.route.template
        parameters = OrderedObject(pairs: match.route.parameters.keys.sorted().compactMap { name in
            guard let value = match.parameters[name] else { return nil }
            return (name, Parameter(kind: value.kindName, value: ParameterJSON(value: value), offset: match.parameters.offset(of: name)))
        })
        error = nil
    }

    init(input: String, failure: Failure) {
        self.input = input
        matched = false
        declaration = nil
        file = nil
        route = nil
        template = nil
        parameters = nil
        error = failure
    }
}

/// `schemectl check --json`: one object per valid manifest and one per problem.
struct CheckOutput: JSONOutput {
    struct Problem: Encodable {
        /// A `ManifestError` code, or `unreadable`.
        let code: String
        let keyPath: String?
        let message: String
    }

    let version = 1
    let file: String
    let valid: Bool
    let name: String?
    let schemes: [String]?
    let routes: Int?
    /// The `CFBundleTypeName` of each document type.
    let documentTypes: [String]?
    let error: Problem?

    init(manifest: Manifest) {
        file = manifest.file
        valid = true
        name = manifest.name.rawValue
        schemes = manifest.schemes.map(\.rawValue)
        routes = manifest.routes.count
        documentTypes = manifest.documentTypes.map(\.name)
        error = nil
    }

    init(file: String, problem: Problem) {
        self.file = file
        valid = false
        name = nil
        schemes = nil
        routes = nil
        documentTypes = nil
        error = problem
    }
}

/// `schemectl fuzz --json`: the campaign's summary (its `Encodable` conformance writes `version` first).
struct FuzzOutput: JSONOutput {
    let summary: FuzzSummary
    var version: Int { FuzzSummary.jsonVersion }

    func encode(to encoder: any Encoder) throws { try summary.encode(to: encoder) }
}
