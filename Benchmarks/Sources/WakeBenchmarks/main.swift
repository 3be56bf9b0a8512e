import BenchmarkProcesses
import Glibc

// Wake and cold-launch latency of `todolist` next to the C-with-libuv floor (Docs/Runtime.md).
// `Benchmarks/run` builds the variants and the C programs, then runs:
//   WakeBenchmarks --runs N --floor-client PATH --floor-server PATH --todolist NAME=PATH ...
// Every sample is one process, timed from posix_spawn to waitpid (CLOCK_MONOTONIC); the
// workloads are interleaved round by round so machine noise hits all alike.

var runs = 300
var floorClient = ""
var floorServer = ""
var variants: [(name: String, path: String)] = []
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--runs": runs = Int(arguments.next() ?? "") ?? runs
    case "--floor-client": floorClient = arguments.next() ?? ""
    case "--floor-server": floorServer = arguments.next() ?? ""
    case "--todolist":
        let value = arguments.next() ?? ""
        guard let equals = value.firstIndex(of: "=") else { fatal("--todolist NAME=PATH") }
        variants.append((String(value[..<equals]), String(value[value.index(after: equals)...])))
    default: fatal("usage: WakeBenchmarks --runs N --floor-client PATH --floor-server PATH --todolist NAME=PATH ...")
    }
}
guard !floorClient.isEmpty, !floorServer.isEmpty, !variants.isEmpty else { fatal("missing arguments (see Benchmarks/run)") }

let scratch = makeTemporaryDirectory("wake-bench")
defer { removeTree(scratch) }
let floorSocket = scratch + "/floor.sock"
let floorServerProcess = Spawned(floorServer, [floorSocket], environment: [], output: scratch + "/floor-server.out")
waitForFile(floorSocket)

/// One variant's world: its own runtime directory and a data directory on tmpfs.
struct World {
    let name: String
    let todolist: String
    let environment: [String]
    let socket: String
    let lock: String
}
let worlds: [World] = variants.enumerated().map { index, variant in
    let runtime = scratch + "/run-\(index)"
    mkdir(runtime, 0o700)
    let data = "/dev/shm/schemerouter-wake-bench-\(getpid())-\(index)"
    mkdir(data, 0o700)
    return World(
        name: variant.name, todolist: variant.path,
        environment: ["PATH=/usr/bin:/bin", "HOME=\(scratch)", "XDG_RUNTIME_DIR=\(runtime)", "XDG_DATA_HOME=\(data)"],
        socket: runtime + "/schemerouter/com.acme.todolist.sock", lock: runtime + "/schemerouter/com.acme.todolist.lock")
}
defer { for index in worlds.indices { removeTree("/dev/shm/schemerouter-wake-bench-\(getpid())-\(index)") } }

var floor = Series(name: "C floor: libuv client → libuv server (line + 1-byte ack)")
var frameFloor = worlds.map { Series(name: "C libuv client → \($0.name) primary (wire v1 open → verdict)") }
var wake = worlds.map { Series(name: "todolist URL → running primary (\($0.name))") }
var cold = worlds.map { Series(name: "cold launch: todolist URL until open's verdict (\($0.name))") }

/// Runs one process to completion and returns its duration in µs; fails on a non-zero status.
func timed(_ path: String, _ arguments: [String], _ environment: [String]) -> Double {
    let start = monotonicNanos()
    let process = Spawned(path, arguments, environment: environment, output: "/dev/null")
    let status = process.wait()
    let elapsed = monotonicNanos() - start
    if status != 0 { fatal("\(path) \(arguments) exited \(status)") }
    return Double(elapsed) / 1000
}

/// Stops the world's primary (not timed).
func stopPrimary(_ world: World) {
    guard let pid = readPID(world.lock) else { return }
    kill(pid, SIGTERM)
    waitForExit(pid)
}

// Warm-up: page cache, dynamic loader caches.
for world in worlds {
    _ = timed(world.todolist, ["todolist://?warm-up"], world.environment)
    stopPrimary(world)
}
_ = timed(floorClient, ["line", floorSocket], [])

let wakesPerPrimary = 50
print("load average at start: \(loadAverage()) (2 cores shared; wall-clock medians move with it)")
print("wake benchmark: \(runs) runs per workload, interleaved; a primary is restarted every \(wakesPerPrimary) wakes "
    + "(its item list stays short); XDG_DATA_HOME on tmpfs (/dev/shm), so TodoList's fsync costs nothing here")
for run in 0..<runs {
    floor.add(timed(floorClient, ["line", floorSocket], []))
    for (index, world) in worlds.enumerated() {
        if run % wakesPerPrimary == 0 {
            stopPrimary(world)
            cold[index].add(timed(world.todolist, ["todolist://?cold-\(run)"], world.environment))
        }
        wake[index].add(timed(world.todolist, ["todolist://?wake-\(run)"], world.environment))
        frameFloor[index].add(timed(floorClient, ["frame", world.socket, "todolist://?frame-\(run)"], []))
    }
}
// More cold launches, interleaved too.
let coldRuns = max(runs / 2, 20)
for run in 0..<coldRuns {
    for (index, world) in worlds.enumerated() {
        stopPrimary(world)
        cold[index].add(timed(world.todolist, ["todolist://?cold-extra-\(run)"], world.environment))
    }
}
for world in worlds { stopPrimary(world) }
floorServerProcess.stop(SIGTERM)

print("load average at end: \(loadAverage())")
let floorMedian = floor.median
func line(_ sample: Series) {
    let name = padded(sample.name, 74)
    print("  \(name) median \(format(sample.median)) µs  (p25 \(format(sample.percentile(0.25))), "
        + "p75 \(format(sample.percentile(0.75))), n=\(sample.values.count))  ×\(format(sample.median / floorMedian, decimals: 2)) floor")
}
print("")
line(floor)
for index in worlds.indices {
    print("")
    line(frameFloor[index])
    line(wake[index])
    line(cold[index])
    let ratio = wake[index].median / floorMedian
    print("  → \(worlds[index].name): wake \(format(ratio, decimals: 2))× the C floor (target ≤ 2×: \(ratio <= 2 ? "met" : "MISSED")); "
        + "cold launch to open \(format(cold[index].median / 1000, decimals: 2)) ms (target ≤ 5 ms: \(cold[index].median <= 5000 ? "met" : "MISSED"))")
}
