import BenchmarkProcesses
import Glibc

// Sustained load into one running primary (Docs/Hardening.md). `Benchmarks/load` builds LoadProbe
// as a static executable and the C floor server, then runs:
//   LoadBenchmarks --rounds N --probe PATH --floor-server PATH
// Each round runs every workload once, ours and the floor's interleaved, so machine noise hits
// all alike; the tables give medians over rounds (p25–p75) and ratios. The load driver is
// `load-probe --drive` (one process, one libuv loop, many connections).

var rounds = 7
var probe = ""
var floorServer = ""
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--rounds": rounds = max(1, Int(arguments.next() ?? "") ?? rounds)
    case "--probe": probe = arguments.next() ?? ""
    case "--floor-server": floorServer = arguments.next() ?? ""
    default: fatal("usage: LoadBenchmarks --rounds N --probe PATH --floor-server PATH")
    }
}
guard !probe.isEmpty, !floorServer.isEmpty else { fatal("missing arguments (see Benchmarks/load)") }

let senders = 1000
let urlsPerSender = 10
let singleURLs = 5000
let scratch = makeTemporaryDirectory("load-bench", inMemory: true)
defer { removeTree(scratch) }

/// Runs the load driver against `socket`; returns its JSON report (fails on any lost URL).
@MainActor func drive(_ socket: String, _ extra: [String], tag: String) -> String {
    let output = scratch + "/driver-\(tag).out"
    let driver = Spawned(probe, ["--drive", socket] + extra, environment: ["PATH=/usr/bin:/bin"], output: output)
    let status = driver.wait()
    let report = readText(output)
    if status != 0 { fatal("the driver (\(tag)) exited \(status): \(report)") }
    return report
}

/// The results of one workload over the rounds.
struct Workload {
    var throughput = Series()
    var p50 = Series()
    var p99 = Series()

    mutating func add(_ report: String) {
        throughput.add(field("urlsPerSecond", in: report))
        p50.add(field("p50Microseconds", in: report))
        p99.add(field("p99Microseconds", in: report))
    }
}

var oursPersistent = Workload()
var oursPersistentCold = Workload()
var oursConnect = Workload()
var oursPersistentStragglers = Workload()
var oursSingle = Workload()
var oursSingleStragglers = Workload()
var floorPersistent = Workload()
var floorConnect = Workload()
var floorSingle = Workload()
var growth = Series()
var stragglerEffect = Series()

let loadArguments = ["--senders", "\(senders)", "--urls", "\(urlsPerSender)"]
let stragglerArguments = ["--idle", "50", "--dribblers", "50", "--dribble-every-ms", "10"]
print("LoadBenchmarks: \(rounds) rounds (and a warm-up), each with a fresh primary; about 3 s per round")

/// One round against our primary (`record`: false for the warm-up).
@MainActor func roundOnPrimary(_ round: Int, record: Bool) {
    let runtime = scratch + "/run-\(round)"
    mkdir(runtime, 0o700)
    let log = scratch + "/probe-\(round).log"
    let environment = ["PATH=/usr/bin:/bin", "HOME=\(scratch)", "XDG_RUNTIME_DIR=\(runtime)", "LOADPROBE_LOG=\(log)"]
    let launch = Spawned(probe, ["--background"], environment: environment, output: "/dev/null")
    if launch.wait() != 0 { fatal("load-probe --background failed") }
    let socket = runtime + "/schemerouter/org.schemerouter.loadprobe.sock"
    guard let pid = readPID(runtime + "/schemerouter/org.schemerouter.loadprobe.lock") else { fatal("no primary") }
    let before = memory(of: pid)

    let single = drive(socket, ["--senders", "1", "--urls", "\(singleURLs)", "--first-sender", "5000"], tag: "single")
    // 50 idle and 50 dribbling connections held by a second driver while the single sender runs.
    let ready = scratch + "/ready-\(round)"
    let stragglers = Spawned(
        probe, ["--drive", socket, "--senders", "0", "--await-straggler-errors", "--ready-file", ready] + stragglerArguments,
        environment: ["PATH=/usr/bin:/bin"], output: "/dev/null")
    waitForFile(ready)
    let singleStragglers = drive(socket, ["--senders", "1", "--urls", "\(singleURLs)", "--first-sender", "5001"], tag: "single-stragglers")
    stragglers.stop()
    // The first burst on a fresh primary pays for its first 1,000 connections (page faults, tables
    // growing); the load is measured again once the primary is warm.
    let cold = drive(socket, loadArguments + ["--mode", "persistent", "--first-sender", "3000"], tag: "persistent-cold")
    let connect = drive(socket, loadArguments + ["--mode", "connect", "--first-sender", "1000"], tag: "connect")
    // With and without 100 stragglers back to back, the order alternating by round.
    var persistent = ""
    var withStragglers = ""
    for turn in round % 2 == 0 ? [0, 1] : [1, 0] {
        if turn == 0 {
            persistent = drive(socket, loadArguments + ["--mode", "persistent"], tag: "persistent")
        } else {
            withStragglers = drive(
                socket, loadArguments + ["--mode", "persistent", "--first-sender", "2000"] + stragglerArguments,
                tag: "persistent-stragglers")
        }
    }
    let after = memory(of: pid)
    kill(pid, SIGTERM)
    waitForExit(pid)
    unlink(log)
    guard record else { return }
    oursSingle.add(single)
    oursSingleStragglers.add(singleStragglers)
    oursPersistent.add(persistent)
    oursPersistentCold.add(cold)
    oursConnect.add(connect)
    oursPersistentStragglers.add(withStragglers)
    stragglerEffect.add(field("p99Microseconds", in: withStragglers) - field("p99Microseconds", in: persistent))
    growth.add(after.peak - before.resident)
}

/// One round against the C floor server.
@MainActor func roundOnFloor(_ round: Int, record: Bool) {
    let socket = scratch + "/floor-\(round).sock"
    let log = scratch + "/floor-\(round).log"
    let server = Spawned(floorServer, [socket, log], environment: [], output: "/dev/null")
    waitForFile(socket)
    let single = drive(socket, ["--senders", "1", "--urls", "\(singleURLs)"], tag: "floor-single")
    let persistent = drive(socket, loadArguments + ["--mode", "persistent"], tag: "floor-persistent")
    let connect = drive(socket, loadArguments + ["--mode", "connect"], tag: "floor-connect")
    server.stop()
    unlink(log)
    unlink(socket)
    guard record else { return }
    floorSingle.add(single)
    floorPersistent.add(persistent)
    floorConnect.add(connect)
}

roundOnPrimary(-1, record: false)
roundOnFloor(-1, record: false)
for round in 0..<rounds {
    roundOnPrimary(round, record: true)
    roundOnFloor(round, record: true)
}

// MARK: Report

func spread(_ series: Series, scale: Double = 1, decimals: Int = 0) -> String {
    "\(format(series.median / scale, decimals: decimals)) (\(format(series.percentile(0.25) / scale, decimals: decimals))–\(format(series.percentile(0.75) / scale, decimals: decimals)))"
}

print("Load into one primary: LoadProbe (-static-executable) vs the C libuv floor (Benchmarks/LoadFloor)")
print("\(rounds) rounds, interleaved; medians (p25–p75) over rounds; load average \(loadAverage())")
print("")
print(padded("workload", 58) + padded("ours", 26) + padded("C floor", 26) + "ours/floor")
func row(_ name: String, _ ours: Series, _ floor: Series?, scale: Double = 1, decimals: Int = 0) {
    let ratio = floor.map { format(ours.median / $0.median, decimals: 2) + "×" } ?? ""
    print(padded(name, 58) + padded(spread(ours, scale: scale, decimals: decimals), 26)
        + padded(floor.map { spread($0, scale: scale, decimals: decimals) } ?? "", 26) + ratio)
}
row("throughput, 1,000 persistent senders × 10 URLs (URLs/s)", oursPersistent.throughput, floorPersistent.throughput)
row("  the same, first burst on a fresh primary (URLs/s)", oursPersistentCold.throughput, nil)
row("throughput, 1,000 senders × 10 connect-per-URL (URLs/s)", oursConnect.throughput, floorConnect.throughput)
row("  latency p50 under the persistent load (ms)", oursPersistent.p50, floorPersistent.p50, scale: 1000, decimals: 1)
row("  latency p99 under the persistent load (ms)", oursPersistent.p99, floorPersistent.p99, scale: 1000, decimals: 1)
row("  latency p99, first burst on a fresh primary (ms)", oursPersistentCold.p99, nil, scale: 1000, decimals: 1)
row("  latency p50 under the connect-per-URL load (ms)", oursConnect.p50, floorConnect.p50, scale: 1000, decimals: 1)
row("  latency p99 under the connect-per-URL load (ms)", oursConnect.p99, floorConnect.p99, scale: 1000, decimals: 1)
row("one sender alone, p50 (µs)", oursSingle.p50, floorSingle.p50)
row("one sender alone, p99 (µs)", oursSingle.p99, floorSingle.p99)
row("one sender + 50 idle + 50 dribbling, p50 (µs)", oursSingleStragglers.p50, nil)
row("one sender + 50 idle + 50 dribbling, p99 (µs)", oursSingleStragglers.p99, nil)
row("1,000 persistent senders + 100 stragglers, p99 (ms)", oursPersistentStragglers.p99, nil, scale: 1000, decimals: 1)
row("  its p99 minus the same round's without them (ms)", stragglerEffect, nil, scale: 1000, decimals: 1)
row("primary's peak RSS growth under the rounds' loads (KiB)", growth, nil)
print("")
let persistentMet = oursPersistent.throughput.median >= 20_000
let connectMet = oursConnect.throughput.median >= 5_000
let stragglerDelta = (oursSingleStragglers.p99.median - oursSingle.p99.median) / 1000
print("target ≥ 20,000 URLs/s persistent: \(persistentMet ? "met" : "MISSED") (\(format(oursPersistent.throughput.median)))")
print("target ≥ 5,000 URLs/s connect-per-URL: \(connectMet ? "met" : "MISSED") (\(format(oursConnect.throughput.median)))")
print(
    "target p99 with 100 idle/slow connections within 1 ms of the quiet p99: \(abs(stragglerDelta) <= 1 ? "met" : "MISSED") "
        + "(one sender: \(format(stragglerDelta, decimals: 3)) ms; under the 1,000-sender load, the median of the rounds' "
        + "differences: \(format(stragglerEffect.median / 1000, decimals: 1)) ms, p25–p75 "
        + "\(format(stragglerEffect.percentile(0.25) / 1000, decimals: 1))–\(format(stragglerEffect.percentile(0.75) / 1000, decimals: 1)) ms)")

