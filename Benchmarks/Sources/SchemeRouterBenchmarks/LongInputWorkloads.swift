import Foundation
import SchemeRouter

/// The parser's worst input shapes (long runs of one delimiter, a long IPv6 literal, a long port,
/// percent-encoding throughout) at an eighth of the maximum length and at the maximum, validated by
/// SchemeRouter and by Foundation's `URL(string:)`. Linear time shows as about eight times the time
/// per URL at the maximum; a quadratic rescan would show as about 64 times. (`PropertyTests` checks
/// what the parser makes of these inputs; this measures how long it takes.)
enum LongInputWorkloads {
    static func inputs(length size: Int) -> [String] {
        [
            "s:" + String(repeating: "a", count: size - 2),
            "s://" + String(repeating: "@", count: size - 4),
            "s://[" + String(repeating: ":", count: size - 5),
            "s://h:" + String(repeating: "9", count: size - 6),
            "s:" + String(repeating: "%41", count: (size - 2) / 3),
            String(repeating: "a", count: size),
            String(repeating: "a", count: size - 1) + ";",
        ]
    }

    /// One comparison per length, with the number of URLs each times.
    static var comparisons: [(Comparison, Int)] {
        [URLParser.defaultMaximumLength / 8, URLParser.defaultMaximumLength].map { length in
            let corpus = inputs(length: length)
            let comparison = Comparison(
                title: "worst shapes at \(length) bytes (validate only)",
                ours: Workload(name: "SchemeRouter: URLParser.validate") {
                    corpus.reduce(0) { $0 &+ ((try? URLParser.validate($1))?.path.count ?? 1) }
                },
                theirs: Workload(name: "Foundation: URL(string:)") {
                    corpus.reduce(0) { $0 &+ (URL(string: $1, encodingInvalidCharacters: false)?.path.utf8.count ?? 1) }
                })
            return (comparison, corpus.count)
        }
    }
}
