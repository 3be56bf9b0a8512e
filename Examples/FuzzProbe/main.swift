import Glibc
import SchemeRouter
import SchemeRouterFuzzing
import SchemeRouterPlatform

// FuzzProbe, for the tests (InProcessCrashTests), built but not a product: SchemeRouter's own
// in-process target with planted faults, run through the fuzzing library's crash path (the
// watchdog, the continuation into this same binary, minimisation in child processes, the finding
// file). An input holding FUZZ_PROBE_TRAP's text traps; one holding FUZZ_PROBE_HANG's spins.
//
//   FuzzProbe campaign SCHEMES FINDINGS TIMEOUT_MS SEED ITERATIONS   exit 1 with a finding, else 0
//   FuzzProbe minimise SCHEMES FINDINGS TIMEOUT_MS KIND ITERATION    the watchdog's continuation
//   FuzzProbe replay SCHEMES TIMEOUT_MS HEX                          one input under the watchdog

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = "usage: FuzzProbe campaign|minimise|replay SCHEMES … (see Examples/FuzzProbe/main.swift)\n"

func fail(_ message: String, status: Int32) -> Never {
    ProgressDisplay.write("FuzzProbe: \(message)\n")
    exit(status)
}

/// The manifests of a directory, as a registry.
func registry(_ directory: String) -> SchemeRegistry {
    do {
        let manifests = try FuzzFiles.files(in: directory, suffix: ".json").map { try Manifest(json: FuzzFiles.read($0), file: $0) }
        return try SchemeRegistry(manifests: manifests)
    } catch {
        fail("\(directory): \(error)", status: 66)
    }
}

func milliseconds(_ text: String) -> Duration {
    guard let value = Int(text), value > 0 else { fail("not a number of milliseconds: \(text)", status: 64) }
    return .milliseconds(value)
}

/// SchemeRouter's in-process target, after which the planted faults run.
struct PlantedFaults: FuzzTarget {
    var target: InProcessTarget
    let trap = getenv("FUZZ_PROBE_TRAP").map { Array(String(cString: $0).utf8) } ?? []
    let hang = getenv("FUZZ_PROBE_HANG").map { Array(String(cString: $0).utf8) } ?? []

    mutating func execute(_ input: [UInt8]) -> FuzzExecution {
        let execution = target.execute(input)
        if holds(input, trap) { fatalError("probe trap") }
        if holds(input, hang) {
            var spins = 0
            while spins >= 0 { spins &+= 1; if spins == Int.max { spins = 0 } }
        }
        return execution
    }

    var tallies: [(String, Int)] { target.tallies }
    var differential: DifferentialReport? { target.differential }

    func holds(_ input: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, input.count >= needle.count else { return false }
        return (0...(input.count - needle.count)).contains { input[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}

guard arguments.count >= 4, let executable = ChildProcess.currentExecutable() else { fail(usage, status: 64) }
let schemes = arguments[1]
let routes = registry(schemes)
var target = PlantedFaults(target: InProcessTarget(routes: RouteOracle(registry: routes), differentialInterval: 0))

switch (arguments[0], arguments.count) {
case ("campaign", 6):
    let (findings, timeout) = (arguments[2], arguments[3])
    guard let seed = UInt64(arguments[4]), let iterations = Int(arguments[5]) else { fail(usage, status: 64) }
    do { try FuzzFiles.makeDirectory(findings) } catch { fail("\(findings): \(error)", status: 73) }
    let grammar = RouteGrammar(
        routes.declarations.map { RouteGrammar.Declaration(schemes: $0.schemes.map(\.rawValue), routes: $0.manifest.routes) })
    var campaign = FuzzCampaign(
        configuration: FuzzConfiguration(seed: seed, limit: .iterations(iterations), findingsDirectory: findings),
        grammar: grammar, target: target)
    InputWatchdog.install(.init(
        deadline: milliseconds(timeout), pendingPath: findings + "/pending-input",
        continuation: [executable, "minimise", schemes, findings, timeout, "%KIND%", "%ITERATION%"]))
    let summary = campaign.run()
    InputWatchdog.uninstall()
    exit(summary.findings.isEmpty ? 0 : 1)
case ("minimise", 6):
    let (findings, timeout) = (arguments[2], arguments[3])
    guard let kind = CrashReplay.Kind(argument: arguments[4]), let iteration = Int(arguments[5]) else { fail(usage, status: 64) }
    let replay = CrashReplay(kind: kind, deadline: milliseconds(timeout) * 2 + .seconds(10)) { candidate in
        [executable, "replay", schemes, timeout, Hex.encode(candidate)]
    }
    do {
        let finding = try replay.finishPending(
            findings + "/pending-input", iteration: iteration, budget: 2000, findingsDirectory: findings
        ) { file in "\(executable) replay \(schemes) \(timeout) <input-hex of \(file)>" }
        print("FuzzProbe: \(finding.failure.signature) written to \(finding.file ?? "")")
        exit(1)
    } catch {
        fail("\(error)", status: 73)
    }
case ("replay", 4):
    guard let input = Hex.decode(arguments[3].utf8) else { fail("not hex: \(arguments[3])", status: 64) }
    InputWatchdog.install(.init(deadline: milliseconds(arguments[2]), pendingPath: nil))
    let execution = InputWatchdog.guarding(input) { target.execute($0) }
    InputWatchdog.uninstall()
    print("FuzzProbe: \(execution.failure.map(\.signature) ?? "passes")")
    exit(execution.failure == nil ? 0 : 1)
default:
    fail(usage, status: 64)
}
