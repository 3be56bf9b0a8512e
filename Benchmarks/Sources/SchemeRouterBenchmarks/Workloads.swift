import Foundation
import SchemeRouter

/// One timed pass over the corpus; returns something derived from every URL so nothing is optimised away.
struct Workload {
    let name: String
    let body: () -> Int
}

/// A SchemeRouter workload and the obvious Foundation alternative doing the same job.
struct Comparison {
    let title: String
    let ours: Workload
    let theirs: Workload
}

struct Workloads {
    let corpus: [String]
    let routes: RouteWorkloads

    init(corpus: [String]) {
        self.corpus = corpus
        routes = RouteWorkloads(corpus: corpus)
    }

    var rejectedCount: Int { corpus.filter { (try? URLParser.validate($0)) == nil }.count }

    /// Validate only: is this a well-formed URL, and where are its parts?
    @inline(never)  // a symbol of its own, for callgrind --toggle-collect
    func validateOnly() -> Int {
        var sum = 0
        for url in corpus {
            if let layout = try? URLParser.validate(url) { sum &+= layout.path.count } else { sum &+= 1 }
        }
        return sum
    }

    @inline(never)  // a symbol of its own, for callgrind --toggle-collect
    func foundationValidateOnly() -> Int {
        var sum = 0
        for url in corpus {
            if let parsed = URL(string: url, encodingInvalidCharacters: false) { sum &+= parsed.path.utf8.count } else { sum &+= 1 }
        }
        return sum
    }

    /// Parse, then read every component and decode the path segments, query items and fragment.
    @inline(never)  // a symbol of its own, for callgrind --toggle-collect
    func parseAndDecode() -> Int {
        var sum = 0
        for text in corpus {
            guard let url = try? SchemeURL(text) else { sum &+= 1; continue }
            sum &+= url.host?.raw.utf8.count ?? 0
            for segment in url.pathSegments { sum &+= (try? segment.decoded())?.utf8.count ?? 0 }
            for item in url.queryItems {
                sum &+= (try? item.name.decoded())?.utf8.count ?? 0
                sum &+= (try? item.value?.decoded())??.utf8.count ?? 0
            }
            sum &+= (try? url.fragment?.decoded())??.utf8.count ?? 0
        }
        return sum
    }

    @inline(never)  // a symbol of its own, for callgrind --toggle-collect
    func foundationParseAndDecode() -> Int {
        var sum = 0
        for text in corpus {
            guard let url = URL(string: text, encodingInvalidCharacters: false),
                let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            else { sum &+= 1; continue }
            sum &+= components.host?.utf8.count ?? 0
            for segment in url.pathComponents { sum &+= segment.utf8.count }
            for item in components.queryItems ?? [] {
                sum &+= item.name.utf8.count
                sum &+= item.value?.utf8.count ?? 0
            }
            sum &+= components.fragment?.utf8.count ?? 0
        }
        return sum
    }

    var comparisons: [Comparison] {
        [
            Comparison(
                title: "validate only (no decoding)",
                ours: Workload(name: "SchemeRouter: URLParser.validate") { validateOnly() },
                theirs: Workload(name: "Foundation: URL(string:)") { foundationValidateOnly() }),
            Comparison(
                title: "parse + read all components + decode path, query items, fragment",
                ours: Workload(name: "SchemeRouter: SchemeURL + URLPart.decoded") { parseAndDecode() },
                theirs: Workload(name: "Foundation: URL + URLComponents + queryItems") { foundationParseAndDecode() }),
            Comparison(
                title: "parse + validate + route + typed request (the whole job)",
                ours: Workload(name: "SchemeRouter: SchemeURL + route + request") { routes.schemeRouter() },
                theirs: Workload(name: "Foundation: URL + URLComponents, by hand") { routes.foundation() }),
        ]
    }
}
