// The alternative side of Benchmarks/options: the same command line (the app's --verbose and
// --store, the runtime's options and the URL) read with swift-argument-parser. Same modes as
// options-probe-appoptions. It links SchemeRouterRuntime too, as an app would.
import ArgumentParser
import OptionsProbeDriver
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

runProbe(read)
