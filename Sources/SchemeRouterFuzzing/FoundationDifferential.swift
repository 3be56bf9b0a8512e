internal import FoundationEssentials
import SchemeRouter

/// Compares SchemeRouter's parser with FoundationEssentials' strict
/// `URL(string:encodingInvalidCharacters: false)` on the same input.
///
/// Both implement RFC 3986, so they should agree on whether an input is a URL and on its
/// components. Where SchemeRouter is deliberately stricter (a port above 65535, an input longer
/// than the maximum length) the disagreement is counted as *documented* and not reported. Every
/// other disagreement is grouped by kind, with a count and the shortest example, for a person to
/// look at: it is a question, not automatically a bug.
///
/// Only inputs that are valid UTF-8 are compared (a Swift `String` cannot carry anything else to
/// Foundation unchanged). What Foundation reads as a relative reference (no scheme) counts as a
/// rejection: an incoming URL is always absolute.
public struct FoundationDifferential: Sendable {
    /// Rejection codes where SchemeRouter is stricter than RFC 3986 on purpose (Docs/ParsePolicy.md).
    public static let documentedDifferences: Set<String> = ["port-out-of-range", "too-long"]

    private(set) var report = DifferentialReport()

    /// Creates an empty comparison.
    public init() {}

    /// Compares one input with what the strict parser made of it.
    public mutating func compare(_ input: [UInt8], verdict: ParserOracle.Verdict) {
        guard let text = String(validating: input, as: UTF8.self) else { return }
        report.compared += 1
        // A URL without a scheme is a relative reference to Foundation; an incoming URL is never one,
        // so both parsers reject it as an incoming URL.
        let foundation = URL(string: text, encodingInvalidCharacters: false).flatMap { $0.scheme == nil ? nil : $0 }
        switch (verdict, foundation) {
        case (.rejected, nil):
            return
        case (.rejected(let rejection), .some):
            if Self.documentedDifferences.contains(rejection.code) {
                report.documented += 1
            } else {
                report.record("foundation accepts, SchemeRouter rejects (\(rejection.code))", example: text)
            }
        case (.accepted(let url), nil):
            report.record("foundation rejects, SchemeRouter accepts (\(Self.shape(of: url)))", example: text)
        case (.accepted(let url), .some(let foundationURL)):
            if let component = Self.firstDifference(url, foundationURL) {
                report.record("both accept, \(component) differs", example: text)
            }
        }
    }

    /// A coarse description of what an accepted URL contains, to group disagreements.
    static func shape(of url: SchemeURL) -> String {
        var features: [String] = []
        if let kind = url.hostKind { features.append("host \(kind.rawValue)") } else { features.append("no authority") }
        if url.userinfo != nil { features.append("userinfo") }
        if url.rawPort != nil { features.append("port") }
        return features.joined(separator: ", ")
    }

    /// The first component on which the two parsers disagree, or `nil`.
    static func firstDifference(_ url: SchemeURL, _ other: URL) -> String? {
        if other.scheme != url.rawScheme.description { return "scheme" }
        var userinfo: String? = other.user(percentEncoded: true)
        if let password = other.password(percentEncoded: true) { userinfo = (userinfo ?? "") + ":" + password }
        if userinfo != url.userinfo?.description { return "userinfo" }
        var host = url.host?.description
        if let written = host, written.hasPrefix("[") && written.hasSuffix("]") { host = String(written.dropFirst().dropLast()) }
        let otherHost = other.host(percentEncoded: true)
        // Foundation reports an empty authority (`a://`) as no host.
        if !(otherHost == host || (otherHost == nil && host == "")) { return "host" }
        if other.port != url.port { return "port" }
        if other.path(percentEncoded: true) != url.path.description { return "path" }
        if other.query(percentEncoded: true) != url.query?.description { return "query" }
        if other.fragment(percentEncoded: true) != url.fragment?.description { return "fragment" }
        return nil
    }
}

/// The differential comparison's tallies.
public struct DifferentialReport: Sendable, Hashable {
    /// One kind of disagreement.
    public struct Kind: Sendable, Hashable {
        /// What the two parsers disagree on.
        public var kind: String
        /// How many inputs showed it.
        public var count: Int
        /// The shortest such input.
        public var example: String
    }

    /// Inputs compared (valid UTF-8 only).
    public var compared = 0
    /// Disagreements SchemeRouter documents as deliberate (port range, maximum length).
    public var documented = 0
    /// Other disagreements by kind.
    public private(set) var kinds: [String: Kind] = [:]

    /// Creates an empty report.
    public init() {}

    /// The number of undocumented disagreements.
    public var disagreements: Int { kinds.values.reduce(0) { $0 + $1.count } }

    /// The kinds, most frequent first (then by name), for stable output.
    public var sortedKinds: [Kind] {
        kinds.values.sorted { ($0.count, $1.kind) > ($1.count, $0.kind) }
    }

    mutating func record(_ kind: String, example: String) {
        if var existing = kinds[kind] {
            existing.count += 1
            if example.utf8.count < existing.example.utf8.count
                || (example.utf8.count == existing.example.utf8.count && example < existing.example)
            {
                existing.example = example
            }
            kinds[kind] = existing
        } else {
            kinds[kind] = Kind(kind: kind, count: 1, example: example)
        }
    }
}
