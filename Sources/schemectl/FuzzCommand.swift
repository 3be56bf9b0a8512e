import ArgumentParser
import SchemeRouterSender
import SchemeRouter
import SchemeRouterFuzzing

/// `schemectl fuzz`: attacks URL handlers with generated, mutated and hostile URLs.
struct Fuzz: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Attack a URL handler with malformed and hostile URLs, and report what breaks.",
        discussion: """
            In-process (the default) the fuzzer attacks SchemeRouter's own parser, registry and routes \
            for the manifests in --schemes. Its oracles: no crash; no input past the --timeout deadline; \
            every accepted URL puts back together byte for byte; every rejection's offset lies inside \
            the input; every matched request prints back to a URL that routes to the same request. It \
            also compares the parser with FoundationEssentials' strict URL(string:encodingInvalidCharacters:) \
            and lists the disagreements in the summary, as questions rather than failures.

            Out-of-process (--target MANIFEST --exec PATH, or without --exec the desktop's registered \
            handler of the manifest's scheme) it delivers each input to a real SchemeRouter \
            app, by cold launch (the URL as argv) and by wake (over the socket of a running instance). \
            Its oracles: killed by a signal, hanging past the deadline, an exit status the runtime does \
            not document, or success for an input the manifest says must be rejected.

            Inputs come from the manifests' routes (every route, every parameter type at its edges) and \
            from mutations of them (byte flips, truncation, misplaced delimiters, broken and overlong \
            percent-encoding, raw controls and non-ASCII, huge inputs, scheme games, shell metacharacters). \
            The seed is printed at the start; the same --seed replays the same inputs.

            Every distinct failure is minimised (delta debugging) and written to --findings as one file \
            with a one-line reproduce command.

            Examples:
              schemectl fuzz --schemes Examples/TodoList/Schemes --duration 60s
              schemectl fuzz --iterations 1000000 --seed 42 --json
              schemectl fuzz --target Examples/TodoList/Schemes/todolist.json \\
                  --exec .build/release/todolist --duration 30s
              schemectl fuzz --replay fuzz-findings/round-trip-….txt

            --json prints the summary as one JSON object, the only line on
            standard output:
              {"version": 1, "seed" (a string), "iterations", "elapsedSeconds",
               "execsPerSecond", "findings": [{"oracle", "signature",
               "message", "input", "inputHex", "originalLength", "iteration",
               "file", "reproduce", "notes"}], "routes", "corpus", "outcomes",
               "tallies", "differential", "stopReason", "problems"}

            Exit status: 0 nothing found; 1 at least one finding (with --replay: the input still fails); \
            12 with --replay, the input ran past its deadline; a replayed input that crashes ends the \
            process by its signal; 64 usage error; 65 a manifest is invalid; 66 a manifest, corpus or \
            replay file could not be read; 69 the target app could not be started; 73 the findings \
            directory could not be written.
            """
    )

    @Option(help: "For in-process fuzzing: a manifest, or a directory (its *.json and every Schemes/*.json below it; default: the package here).")
    var schemes: String = "."

    @Option(help: "Out-of-process: the manifest of the app under attack.")
    var target: String?

    @Option(help: "Out-of-process: the app's executable (a SchemeRouter app taking the URL as its argument); without it, the desktop's registered handler of the manifest's first scheme.")
    var exec: String?

    @Option(help: "Out-of-process: how inputs reach the app: both, launch (cold launch) or wake (over the running instance's socket).")
    var delivery: OutOfProcessDelivery = .both

    @Option(help: "The seed of every random choice (printed at the start when not given).")
    var seed: UInt64?

    @Option(help: "Stop after this many inputs.")
    var iterations: Int?

    @Option(help: "Stop after this long: 60s, 500ms, 2m, 1h (default 60s unless --iterations is given).")
    var duration: String?

    @Option(help: "The deadline for one input: longer is a hang (in-process default 1s, out-of-process 5s).")
    var timeout: String?

    @Option(help: "Where findings are written, one file each.")
    var findings: String = "fuzz-findings"

    @Option(help: "A directory of inputs to start the corpus with, one per file (repeatable; Fuzz/seeds is one).")
    var corpus: [String] = []

    @Option(help: "Run the input of a finding file (or a raw input file) once and report (repeatable).")
    var replay: [String] = []

    @Option(help: "Compare with FoundationEssentials' parser every N inputs (0: never).")
    var differentialEvery: Int = 8

    @Option(help: "The parser's maximum URL length, in bytes.")
    var maximumLength: Int = URLParser.defaultMaximumLength

    @Option(help: "Stop after this many distinct findings.")
    var stopAfter: Int?

    @Flag(inversion: .prefixedNo, help: "Minimise findings before writing them.")
    var minimise = true

    @Flag(help: "Print the summary as one JSON object on standard output.")
    var json = false

    @Option(help: .hidden) var replayHex: String?
    @Option(help: .hidden) var minimisePending: String?
    @Option(help: .hidden) var pendingKind: String?
    @Option(help: .hidden) var pendingIteration: String?

    func validate() throws {
        if iterations != nil && duration != nil { throw ValidationError("Give --iterations or --duration, not both.") }
        if let iterations, iterations < 1 { throw ValidationError("--iterations must be at least 1.") }
        if let duration, FuzzArguments.duration(duration) == nil {
            throw ValidationError("--duration '\(duration)' is not a duration such as 60s, 500ms, 2m or 1h.")
        }
        if let timeout, FuzzArguments.duration(timeout) == nil {
            throw ValidationError("--timeout '\(timeout)' is not a duration such as 1s or 250ms.")
        }
        if exec != nil && target == nil { throw ValidationError("--exec needs --target (the app's manifest).") }
        if differentialEvery < 0 { throw ValidationError("--differential-every must be 0 or more.") }
        if maximumLength < 1 { throw ValidationError("--maximum-length must be at least 1.") }
        if let stopAfter, stopAfter < 1 { throw ValidationError("--stop-after must be at least 1.") }
        if let replayHex, Hex.decode(replayHex.utf8) == nil { throw ValidationError("--replay-hex is not hex.") }
        if minimisePending != nil, pendingKind.flatMap(CrashReplay.Kind.init(argument:)) == nil {
            throw ValidationError("--minimise-pending needs --pending-kind hang or signal:N.")
        }
    }

    var limit: FuzzConfiguration.Limit {
        if let iterations { return .iterations(iterations) }
        return .duration(duration.flatMap(FuzzArguments.duration) ?? .seconds(60))
    }

    var seedValue: UInt64 { seed ?? SplitMix64.freshSeed() }

    func run() throws {
        if target != nil {
            try FuzzOutOfProcess(command: self).run()
            return
        }
        try FuzzInProcess(command: self).run()
    }

    /// Prints for people on standard output, unless --json (then on standard error, so standard
    /// output holds the JSON object alone).
    func say(_ line: String) {
        if json { ProgressDisplay.write(line + "\n") } else { print(line) }
    }

    /// How this binary is called in reproduce commands: as it was invoked.
    static var invocation: String {
        CommandLine.arguments.first ?? "schemectl"
    }

    /// Loads every manifest of `path` into a registry, or exits 65/66 with the error.
    static func registry(_ path: String) throws -> SchemeRegistry {
        do {
            return try SchemeRegistry(manifests: try ManifestFiles.load(path).map { try $0.get() })
        } catch let error as ManifestError {
            ProgressDisplay.write("schemectl fuzz: \(error)\n")
            throw ExitStatus.invalidInput.code
        } catch {
            ProgressDisplay.write("schemectl fuzz: \(error)\n")
            throw ExitStatus.cannotRead.code
        }
    }

    /// The corpus directories' inputs.
    func seedInputs() throws -> [[UInt8]] {
        var inputs: [[UInt8]] = []
        for directory in corpus {
            do {
                for file in try FuzzFiles.files(in: directory) {
                    inputs.append(FindingFile.input(fromFileContents: try FuzzFiles.read(file)))
                }
            } catch {
                ProgressDisplay.write("schemectl fuzz: \(error)\n")
                throw ExitStatus.cannotRead.code
            }
        }
        return inputs
    }

    /// The inputs of the --replay files and --replay-hex.
    func replayInputs() throws -> [(String, [UInt8])] {
        var inputs: [(String, [UInt8])] = []
        for file in replay {
            do {
                inputs.append((file, FindingFile.input(fromFileContents: try FuzzFiles.read(file))))
            } catch {
                ProgressDisplay.write("schemectl fuzz: \(error)\n")
                throw ExitStatus.cannotRead.code
            }
        }
        if let replayHex, let bytes = Hex.decode(replayHex.utf8) { inputs.append(("--replay-hex", bytes)) }
        return inputs
    }

    /// Runs each input once through `execute` and prints what the target made of it; exits 1
    /// (found) when any input fails.
    func replay(_ inputs: [(String, [UInt8])], execute: ([UInt8]) -> FuzzExecution) throws {
        var failed = false
        for (name, input) in inputs {
            let execution = execute(input)
            let shown = FuzzFinding.printable(input)
            if let failure = execution.failure {
                failed = true
                say("\(name): FAILS \(failure.signature): \(failure.message)\n  input: \(shown)")
            } else {
                say("\(name): passes (\(execution.outcome.stage): \(execution.outcome.detail))\n  input: \(shown)")
            }
        }
        if failed { throw ExitStatus.problemsFound.code }
    }

    /// Creates the findings directory, or exits 73.
    func makeFindingsDirectory() throws {
        do {
            try FuzzFiles.makeDirectory(findings)
        } catch {
            ProgressDisplay.write("schemectl fuzz: cannot create the findings directory: \(error)\n")
            throw ExitStatus.cannotCreate.code
        }
    }

    /// Runs a campaign with a progress display, prints its summary and returns it.
    func runCampaign<Target: FuzzTarget>(_ campaign: inout FuzzCampaign<Target>) -> FuzzSummary {
        var display = ProgressDisplay()
        let summary = campaign.run(
            observer: FuzzObserver(
                onProgress: { display.show($0) },
                onFinding: { display.announce($0) }))
        display.clear()
        report(summary)
        return summary
    }

    /// Prints a summary and exits with the status it calls for.
    func report(_ summary: FuzzSummary) {
        if json { FuzzOutput(summary: summary).printJSON() } else { print(summary.humanText) }
    }
}

/// How out-of-process inputs reach the app.
enum OutOfProcessDelivery: String, ExpressibleByArgument, CaseIterable {
    /// Alternately by cold launch and by wake.
    case both
    /// Cold launch only: the URL as the app's argument, no instance running.
    case launch
    /// Wake only: over the socket of a running instance.
    case wake
}
