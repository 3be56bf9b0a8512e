// The app side of Benchmarks/options: an app's command line read with SchemeRouterRuntime's
// AppOptions (what every app launch now does before the single-instance decision). Run as
// `options-probe-appoptions ARGS…` it reads its own arguments and exits 0 (a cold start);
// `--rounds N` reads the benchmark's arguments N times in process and prints the median in ns.
import Glibc
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
