import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterFuzzing
import Testing

/// The same seed gives the same inputs in the same order; another seed gives others.
@Suite struct DeterminismTests {
    /// SplitMix64's reference outputs for seed 0 (Vigna's splitmix64.c).
    @Test func splitMixMatchesTheReference() {
        var rng = SplitMix64(seed: 0)
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(rng.next() == 0x06C4_5D18_8009_454F)
    }

    @Test(arguments: [1, 2, 3, 7, 100, 1000])
    func belowStaysInRange(bound: Int) {
        var rng = SplitMix64(seed: UInt64(bound))
        var seen = Set<Int>()
        for _ in 0..<5000 {
            let value = rng.below(bound)
            #expect((0..<bound).contains(value))
            seen.insert(value)
        }
        #expect(seen.count == min(bound, seen.count))
        if bound <= 7 { #expect(seen.count == bound) }
    }

    static func inputs(seed: UInt64, iterations: Int = 3000) throws -> [[UInt8]] {
        let registry = try FuzzFixtures.registry(FuzzFixtures.kitchenSinkJSON)
        var campaign = FuzzCampaign(
            configuration: FuzzConfiguration(seed: seed, limit: .iterations(iterations)),
            grammar: FuzzFixtures.grammar(registry), target: RecordingTarget())
        let summary = campaign.run()
        #expect(summary.iterations == iterations)
        return campaign.target.inputs
    }

    @Test func sameSeedSameInputs() throws {
        let first = try Self.inputs(seed: 42)
        let second = try Self.inputs(seed: 42)
        #expect(first.count == 3000)
        #expect(first == second)
    }

    @Test func otherSeedOtherInputs() throws {
        #expect(try Self.inputs(seed: 42) != Self.inputs(seed: 43))
    }

    /// A whole in-process campaign (parser, routes, differential) reports the same tallies twice.
    @Test func inProcessCampaignReplays() throws {
        let registry = try FuzzFixtures.registry(FuzzFixtures.kitchenSinkJSON)
        func run() -> FuzzSummary {
            var campaign = FuzzCampaign(
                configuration: FuzzConfiguration(seed: 9, limit: .iterations(5000)),
                grammar: FuzzFixtures.grammar(registry), target: InProcessTarget(routes: RouteOracle(registry: registry)))
            return campaign.run()
        }
        let first = run()
        let second = run()
        #expect(first.tallies.map(\.0) == second.tallies.map(\.0))
        #expect(first.tallies.map(\.1) == second.tallies.map(\.1))
        #expect(first.differential == second.differential)
        #expect(first.corpusSize == second.corpusSize)
    }
}
