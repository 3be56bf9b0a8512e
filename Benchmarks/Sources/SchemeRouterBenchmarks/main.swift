import BenchmarkProcesses
import Foundation
import SchemeRouter

// Usage: SchemeRouterBenchmarks [--rounds N] [--corpus N] [--allocations] [--only TEXT] [--side ours|foundation]
// --only runs the comparisons whose title contains TEXT, --side one side of each (for profiling one workload:
// `perf record … --only "whole job" --side ours`).
// `Benchmarks/run` builds in release mode and runs the timing and (under LD_PRELOAD) the allocation pass.
var rounds = 21
var corpusSize = 10_000
var shape: String?
var allocationsOnly = false
var only: String?
var side: String?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--rounds": rounds = Int(arguments.next() ?? "") ?? rounds
    case "--corpus": corpusSize = Int(arguments.next() ?? "") ?? corpusSize
    case "--allocations": allocationsOnly = true
    case "--only": only = arguments.next()
    case "--side": side = arguments.next()
    case "--shape": shape = arguments.next()
    default:
        print("usage: SchemeRouterBenchmarks [--rounds N] [--corpus N] [--allocations] [--only TEXT] [--side ours|foundation] [--shape deep|short|seed|long|malformed]")
        exit(64)
    }
}

// --shape keeps one kind of URL of the corpus (for profiling): deep, short, seed, long, malformed.
let corpus = Corpus.make(count: corpusSize).filter { shape == nil || Corpus.shape(of: $0) == shape }
let workloads = Workloads(corpus: corpus)

if allocationsOnly {
    AllocationReport.run(workloads: workloads)
    exit(0)
}

print("corpus: \(corpus.count) URLs, \(corpus.reduce(0) { $0 + $1.utf8.count } / corpus.count) bytes on average; "
    + "\(workloads.rejectedCount) malformed; \(rounds) rounds, medians in ns/URL")
let validAccepted = corpus.count - workloads.rejectedCount
let foundationValid = corpus.filter { URL(string: $0, encodingInvalidCharacters: false) != nil }.count
let validDisagreements = Set(corpus.filter { ((try? URLParser.validate($0)) != nil) != (URL(string: $0, encodingInvalidCharacters: false) != nil) })
print("validate: SchemeRouter accepts \(validAccepted) URLs, Foundation's URL(string:) accepts \(foundationValid)"
    + (validDisagreements.isEmpty ? "" : "; they disagree on: " + validDisagreements.sorted().prefix(5).joined(separator: "  ")))
let acceptance = workloads.routes.acceptance()
print("whole job: SchemeRouter accepts \(acceptance.ours) URLs, Foundation by hand accepts \(acceptance.foundation)"
    + (acceptance.disagreements.isEmpty ? " (the same URLs)" : "; they disagree on \(acceptance.disagreements.count) distinct URLs:"))
for text in acceptance.disagreements.prefix(10) {
    print("  \(text)  SchemeRouter: \(workloads.routes.schemeRouter(text) != nil ? "accepts" : "refuses"), "
        + "Foundation: \(workloads.routes.foundation(text) != nil ? "accepts" : "refuses")")
}
// Held-out-like manifest shapes, each on its own corpus of 2,000 URLs (ShapeWorkloads).
let shapes = shape == nil ? ShapeWorkloads.Repeats.allCases.map { ShapeWorkloads.deepLinks($0, count: 2_000) }
    + [ShapeWorkloads.deepLinks(.four, count: 2_000, names: ShapeWorkloads.webKeys)]
    + [ShapeWorkloads.manyValues(count: 2_000), ShapeWorkloads.deepLinks(.none, count: 2_000, refusals: true)] : []
for workload in shapes {
    let acceptance = workload.acceptance()
    print("\(workload.title): SchemeRouter accepts \(acceptance.ours) of \(workload.corpus.count) URLs, Foundation \(acceptance.foundation)"
        + (acceptance.disagreements.isEmpty ? " (the same URLs)" : "; they disagree on: " + acceptance.disagreements.prefix(3).joined(separator: "  ")))
}
let comparisons = (workloads.comparisons.map { ($0, corpus.count) } + shapes.map { ($0.comparison, $0.corpus.count) }
    + (shape == nil ? LongInputWorkloads.comparisons : []))
    .filter { only == nil || $0.0.title.contains(only!) }
var samples = comparisons.flatMap { [Series(name: $0.0.ours.name), Series(name: $0.0.theirs.name)] }
for _ in 0..<rounds {
    for (index, (comparison, count)) in comparisons.enumerated() {
        for (offset, workload) in [comparison.ours, comparison.theirs].enumerated() {
            if let side, side != (offset == 0 ? "ours" : "foundation") { continue }
            let start = monotonicNanos()
            blackHole(workload.body())
            let elapsed = monotonicNanos() - start
            samples[index * 2 + offset].add(Double(elapsed) / Double(count))
        }
    }
}
for (index, (comparison, _)) in comparisons.enumerated() {
    let ours = samples[index * 2], theirs = samples[index * 2 + 1]
    print("")
    print("\(comparison.title)")
    for sample in [ours, theirs] {
        print("  \(sample.name.padding(toLength: 46, withPad: " ", startingAt: 0)) median \(format(sample.median, decimals: 1)) ns/URL"
            + "  (p25 \(format(sample.percentile(0.25), decimals: 1)), p75 \(format(sample.percentile(0.75), decimals: 1)))")
    }
    print("  ratio (median \(theirs.name.split(separator: ":")[0]) / median \(ours.name.split(separator: ":")[0])): "
        + "\(format(theirs.median / ours.median, decimals: 2))x")
}

// A refused URL against an accepted one of the same manifests (our side, same run).
if let refused = comparisons.firstIndex(where: { $0.0.title.hasPrefix("refused") }),
    let accepted = comparisons.firstIndex(where: { $0.0.title.contains("no key repeatable") })
{
    print("")
    print("refused / accepted deep link (SchemeRouter, medians): "
        + "\(format(samples[refused * 2].median / samples[accepted * 2].median, decimals: 2))x")
}
