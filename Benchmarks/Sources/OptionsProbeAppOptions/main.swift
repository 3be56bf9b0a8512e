// The app side of Benchmarks/options: an app's command line read with SchemeRouterRuntime's
// AppOptions (what every app launch now does before the single-instance decision). Run as
// `options-probe-appoptions ARGS…` it reads its own arguments and exits 0 (a cold start);
// `--rounds N` reads the benchmark's arguments N times in process and prints the median in ns.
import OptionsProbeDriver
import SchemeRouterRuntime

struct ProbeOptions: AppOptions {
    var verbose = false
    var store: String?

    static let options: [AppOption<Self>] = [
        .flag("--verbose", \.verbose, help: "say more"),
        .value("--store", \.store, valueName: "DIR", help: "keep the items in DIR"),
    ]
}

/// Checks the declarations and reads `arguments`, as `Application.main(options:)` does first.
func read(_ arguments: [String]) -> Bool {
    do {
        try ProbeOptions.checkDeclarations()
        let parsed = try ProbeOptions.parse(arguments)
        return parsed.options.verbose && parsed.runtimeArguments.count == 1
    } catch {
        return false
    }
}

runProbe(read)
