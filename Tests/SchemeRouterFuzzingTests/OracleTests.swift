import Testing

@testable import SchemeRouter

@testable import SchemeRouterFuzzing

/// The oracles pass what is right and name what is wrong.
@Suite struct OracleTests {
    @Test(arguments: [
        "todolist://www.acme.com?Quarterly%20Report#200806231300", "a:", "a://u:p@[v1.x]:80/p/%2F?q?#f", "x-y.z+w:///a//b",
    ])
    func acceptedURLsPass(url: String) {
        var oracle = ParserOracle(decodingInterval: 1)
        let (verdict, failure) = oracle.check(Array(url.utf8))
        guard case .accepted = verdict else { Issue.record("\(url) rejected"); return }
        #expect(failure == nil)
        #expect(ParserOracle.reserialise(try! SchemeURL(url)) == url)
    }

    @Test(arguments: ["", "a b:", "todolist://h/%", "todolist://h/%C0%AF", String(repeating: "a", count: 20000)])
    func rejectionsPass(input: String) {
        var oracle = ParserOracle(decodingInterval: 1)
        let (verdict, failure) = oracle.check(Array(input.utf8))
        if case .accepted = verdict, !input.contains("%C0") { Issue.record("\(input) accepted") }
        #expect(failure == nil)
    }

    /// A rejection whose offset lies outside the input is a failure, named by its code.
    @Test func offsetOutsideTheInputIsAFailure() {
        let oracle = ParserOracle()
        let failure = oracle.checkRejection(.space(offset: 5), input: Array("a:b".utf8))
        #expect(failure?.oracle == .rejectionOffset)
        #expect(failure?.signature == "rejection-offset:space")
        #expect(oracle.checkRejection(.space(offset: 2), input: Array("a:b".utf8)) == nil)
        #expect(oracle.checkRejection(.empty, input: []) == nil)
    }

    /// Decoding faults must point at a '%' inside their part.
    @Test func decodingFaultsPointAtAPercent() throws {
        var oracle = ParserOracle(decodingInterval: 1)
        let input = Array("a:/x%C0%AFy?k=%ED%A0%80#%FF".utf8)
        let (verdict, failure) = oracle.check(input)
        guard case .accepted = verdict else { Issue.record("rejected"); return }
        #expect(failure == nil)
    }

    @Test func routedURLsRoundTrip() throws {
        let registry = try FuzzFixtures.registry(FuzzFixtures.kitchenSinkJSON)
        var oracle = RouteOracle(registry: registry, rerouteInterval: 1, reprintInterval: 1)
        for url in [
            "notes://note/42?highlight=a%20b&tag=x&tag=y", "notes://uuid/latest#Intro", "x-notes://search/?q=a+b&sort=date&since=today",
            "notes://files/docs/a/%2E%2E%2Fb/c", "notes://at/20000229T12:00:00", "NOTES://Note/1",
        ] {
            let input = Array(url.utf8)
            let execution = oracle.check(try SchemeURL(bytes: input), input: input)
            #expect(execution.outcome.stage == "routed", "\(url): \(execution.outcome)")
            #expect(execution.failure == nil, "\(url): \(String(describing: execution.failure))")
        }
        #expect(oracle.tallies.first { $0.0 == "printed" }?.1 == 6)
    }

    @Test func routeErrorsPassWithTheirOffsets() throws {
        let registry = try FuzzFixtures.registry(FuzzFixtures.todolistJSON)
        var oracle = RouteOracle(registry: registry)
        for url in ["todolist:", "todolist:?", "todolist://x?a#200802300000", "other:x", "todolist:/a?b"] {
            let input = Array(url.utf8)
            let execution = oracle.check(try SchemeURL(bytes: input), input: input)
            #expect(execution.outcome.stage == "route-error", "\(url)")
            #expect(execution.failure == nil)
        }
    }
}

/// The layout tiling check is reserialisation: a layout whose pieces or delimiters are off fails it.
/// (A layout stores boundaries, so neighbouring components always meet; what can be off is where a
/// boundary lies, hence which delimiter stands there, and where the last component ends.)
@Suite struct TilingTests {
    @Test func tamperedLayoutsFail() throws {
        let text = "a://u@h:1/p?q#f"
        let input = Array(text.utf8)
        let layout = try SchemeURL(text).layout
        #expect(ParserOracle.tiles(layout, input))
        var shifted = layout
        shifted.pathEnd -= 1  // the query's `?` would stand on the path's `p`
        #expect(!ParserOracle.tiles(shifted, input))
        var shiftedHost = layout
        shiftedHost.hostStart += 1  // the userinfo's `@` would stand on the host's `h`
        #expect(!ParserOracle.tiles(shiftedHost, input))
        var noQuery = layout
        noQuery.flags &= ~URLLayout.Flags.query
        #expect(!ParserOracle.tiles(noQuery, input))
        var short = layout
        short.fragmentEnd -= 1
        #expect(!ParserOracle.tiles(short, input))
        #expect(!ParserOracle.tiles(layout, input + [0x61]))
    }
}
