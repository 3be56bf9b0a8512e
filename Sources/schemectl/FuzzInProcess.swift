import ArgumentParser
import SchemeRouterSender
import SchemeRouter
import SchemeRouterPlatform
import SchemeRouterFuzzing

/// `schemectl fuzz --schemes DIR`: SchemeRouter's parser, registry and routes in this process.
struct FuzzInProcess {
    let command: Fuzz

    var deadline: Duration { command.timeout.flatMap(FuzzArguments.duration) ?? .seconds(1) }

    func makeTarget(_ registry: SchemeRegistry) -> InProcessTarget {
        InProcessTarget(
            parser: ParserOracle(maximumLength: command.maximumLength), routes: RouteOracle(registry: registry),
            differentialInterval: command.differentialEvery)
    }

    func run() throws {
        let registry = try Fuzz.registry(command.schemes)
        if command.minimisePending != nil { return try minimisePending(registry) }
        let replays = try command.replayInputs()
        if !replays.isEmpty { return try replay(replays, registry: registry) }

        let seed = command.seedValue
        try command.makeFindingsDirectory()
        command.say("fuzz: seed \(seed) (replay with --seed \(seed)), in-process, \(command.schemes), \(command.limit)")
        let configuration = FuzzConfiguration(
            seed: seed, limit: command.limit, maximumLength: command.maximumLength, minimise: command.minimise,
            findingsDirectory: command.findings, stopAfterFindings: command.stopAfter, seedInputs: try command.seedInputs())
        let grammar = RouteGrammar(
            registry.declarations.map { RouteGrammar.Declaration(schemes: $0.schemes.map(\.rawValue), routes: $0.manifest.routes) })
        let schemes = command.schemes
        var campaign = FuzzCampaign(
            configuration: configuration, grammar: grammar, target: makeTarget(registry),
            reproduceCommand: { file, input in
                file.map { "\(Fuzz.invocation) fuzz --schemes \(schemes) --replay \($0)" }
                    ?? "\(Fuzz.invocation) fuzz --schemes \(schemes) --replay-hex \(Hex.encode(input))"
            })

        // A crash or hang ends this process: the watchdog saves the input and execs this continuation,
        // which minimises it in child processes and writes the finding.
        let pending = command.findings + "/pending-input"
        var continuation: [String]? = nil
        if let executable = ChildProcess.currentExecutable() {
            continuation = [
                executable, "fuzz", "--schemes", command.schemes, "--findings", command.findings, "--seed", String(seed),
                "--timeout", command.timeout ?? "1s", "--maximum-length", String(command.maximumLength),
                "--minimise-pending", pending, "--pending-kind", "%KIND%", "--pending-iteration", "%ITERATION%",
            ] + (command.json ? ["--json"] : []) + (command.minimise ? [] : ["--no-minimise"])
        }
        InputWatchdog.install(.init(deadline: deadline, pendingPath: pending, continuation: continuation))
        defer { InputWatchdog.uninstall() }
        let summary = command.runCampaign(&campaign)
        if !summary.findings.isEmpty { throw ExitStatus.problemsFound.code }
    }

    /// Runs each input once under the watchdog (no continuation: a crash ends this process by its
    /// signal, a hang with status 3) and prints what the target made of it.
    func replay(_ inputs: [(String, [UInt8])], registry: SchemeRegistry) throws {
        var target = makeTarget(registry)
        target.differentialInterval = 0
        InputWatchdog.install(.init(deadline: deadline, pendingPath: nil))
        defer { InputWatchdog.uninstall() }
        try command.replay(inputs) { input in InputWatchdog.guarding(input) { target.execute($0) } }
    }

    /// The continuation after a crash or hang: minimise the saved input by replaying candidates in
    /// child processes, write the finding, print the summary.
    func minimisePending(_ registry: SchemeRegistry) throws {
        guard let path = command.minimisePending, let kind = command.pendingKind.flatMap(CrashReplay.Kind.init(argument:))
        else { throw ValidationError("--minimise-pending needs --pending-kind") }
        let iteration = command.pendingIteration.flatMap { Int($0) } ?? 0
        command.say("fuzz: input \(iteration) ended the campaign (\(kind)); minimising it in child processes")
        guard let executable = ChildProcess.currentExecutable() else { throw ExitStatus.cannotRead.code }
        let timeout = command.timeout ?? "1s"
        let replay = CrashReplay(kind: kind, deadline: deadline * 2 + .seconds(10)) { candidate in
            [
                executable, "fuzz", "--schemes", command.schemes, "--timeout", timeout, "--maximum-length",
                String(command.maximumLength), "--replay-hex", Hex.encode(candidate),
            ]
        }
        let finding: FuzzFinding
        do throws(CrashReplay.ContinuationError) {
            finding = try replay.finishPending(
                path, iteration: iteration, budget: command.minimise ? 2000 : 0, findingsDirectory: command.findings
            ) { file in "\(Fuzz.invocation) fuzz --schemes \(command.schemes) --timeout \(timeout) --replay \(file)" }
        } catch .cannotRead(let error) {
            ProgressDisplay.write("schemectl fuzz: \(error)\n")
            throw ExitStatus.cannotRead.code
        } catch .cannotWrite(let error) {
            ProgressDisplay.write("schemectl fuzz: cannot write the finding: \(error)\n")
            throw ExitStatus.cannotCreate.code
        }
        let summary = FuzzSummary(
            seed: command.seed ?? 0, limit: command.limit, iterations: iteration + 1, elapsed: .zero, findings: [finding],
            tallies: [], differential: nil, corpusSize: 0, distinctOutcomes: 0,
            routeCount: registry.declarations.reduce(0) { $0 + $1.routes.count },
            stopReason: "input \(iteration) ended the campaign (\(kind)); its timings and tallies were lost with its process")
        command.report(summary)
        throw ExitStatus.problemsFound.code
    }
}
