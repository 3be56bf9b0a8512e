// The alternative side of Benchmarks/options: the same command line (the app's --verbose and
// --store, the runtime's options and the URL) read with swift-argument-parser. Same modes as
// options-probe-appoptions. It links SchemeRouterRuntime too, as an app would.
import ArgumentParser
import Glibc
import SchemeRouterRuntime

struct ProbeArguments: ParsableArguments {
    @Flag var verbose = false
    @Option var store: String?
    @Flag var background = false
    @Flag var quit = false
    @Flag var discardState = false
    @Flag var manifest = false
    @Flag var gapplicationService = false
    @Argument var url: String?
}

func read(_ arguments: [String]) -> Bool {
    guard let parsed = try? ProbeArguments.parse(arguments) else { return false }
    // What the runtime would be handed, as the other probe's parse hands it.
    return parsed.verbose && parsed.url != nil && RuntimeHelp.optionNames.contains("--quit")
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--rounds", arguments.count == 2, let rounds = Int(arguments[1]) {
    let typical = ["--verbose", "--store", "/tmp/store", "todolist://?Buy%20milk#today"]
    var samples: [UInt64] = []
    for _ in 0..<rounds {
        var start = timespec()
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let ok = read(typical)
        clock_gettime(CLOCK_MONOTONIC, &end)
        precondition(ok)
        samples.append(UInt64(end.tv_sec - start.tv_sec) * 1_000_000_000 + UInt64(end.tv_nsec) - UInt64(start.tv_nsec))
    }
    print(samples.sorted()[samples.count / 2])
    exit(0)
}
exit(read(arguments) ? 0 : 1)
