// FlatpakBenchmark: a URL for TodoList installed as a Flatpak and running, sent from the host two
// ways, interleaved round by round, from posix_spawn to the sender's exit (both wait for the verdict,
// exit 0): `schemectl open URL` on the host, which wakes the sandboxed primary in
// $XDG_RUNTIME_DIR/app/<id>/, against `flatpak run com.acme.todolist URL`, the app's second
// invocation in a new sandbox (what a Flatpak app's sender costs). TodoList's own sender on the host
// (`todolist URL`) and /bin/true are measured alongside. The binaries are the shipped static PIEs:
// the sandbox has no Swift runtime. Prints medians (p25, p75) and the ratio.
//
// Usage: FlatpakBenchmark --bin DIR --system-dir DIR --runtime ID/ARCH/BRANCH [--runs N] [--directory PARENT] [--manifest PATH]
//   DIR: scripts/release's schemectl and todolist; --system-dir and --runtime: what
//   scripts/flatpak-test-runtime prints. Everything else happens in a throwaway HOME/XDG_*/
//   FLATPAK_USER_DIR under PARENT (default /tmp) with a private dbus-daemon, removed at the end.
import BenchmarkProcesses
import Glibc

var binDirectory = ""
var systemDirectory = ""
var runtime = ""
var runs = 100
var parent = "/tmp"
var manifest = "../Examples/TodoList/Schemes/todolist.json"
var arguments = CommandLine.arguments.dropFirst().makeIterator()
let usage = "usage: FlatpakBenchmark --bin DIR --system-dir DIR --runtime ID/ARCH/BRANCH [--runs N] [--directory PARENT] [--manifest PATH]"
while let argument = arguments.next() {
    switch argument {
    case "--bin": binDirectory = arguments.next() ?? ""
    case "--system-dir": systemDirectory = arguments.next() ?? ""
    case "--runtime": runtime = arguments.next() ?? ""
    case "--runs": runs = Int(arguments.next() ?? "") ?? 0
    case "--directory": parent = arguments.next() ?? parent
    case "--manifest": manifest = arguments.next() ?? manifest
    default: fatal(usage)
    }
}
let runtimeParts = runtime.split(separator: "/").map(String.init)
guard !binDirectory.isEmpty, !systemDirectory.isEmpty, runtimeParts.count == 3, runs > 0 else { fatal(usage) }

// MARK: - A throwaway desktop with TodoList installed as a Flatpak

var template = Array("\(parent)/srflatpak.XXXXXX".utf8CString)
guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { fatal("mkdtemp") }
let root = String(cString: made)
defer { removeTree(root) }
for directory in ["/home", "/home/.config", "/home/.local", "/home/.local/share", "/run", "/bus", "/package", "/logs"] {
    mkdir(root + directory, 0o700)
}
let path = String(cString: getenv("PATH") ?? strdup("/usr/bin:/bin"))
var environment = [
    "HOME=\(root)/home", "XDG_DATA_HOME=\(root)/home/.local/share", "XDG_CONFIG_HOME=\(root)/home/.config",
    "XDG_RUNTIME_DIR=\(root)/run", "XDG_DATA_DIRS=\(root)/flatpak/exports/share:/usr/share", "FLATPAK_USER_DIR=\(root)/flatpak",
    "FLATPAK_SYSTEM_DIR=\(systemDirectory)", "PATH=\(path)", "LANG=C.UTF-8",
]
var logs = 0

/// Runs a setup step to completion; its output goes to a log, printed if it fails.
@MainActor func step(_ argv: [String]) {
    logs += 1
    let log = "\(root)/logs/\(logs).log"
    let process = Spawned(argv[0].hasPrefix("/") ? argv[0] : "/usr/bin/env", argv[0].hasPrefix("/") ? Array(argv.dropFirst()) : argv,
        environment: environment, output: log)
    guard process.wait() == 0 else { fatal("\(argv.joined(separator: " ")) failed:\n\(readText(log))") }
}

// A session bus: in a desktop session `flatpak run` starts a D-Bus proxy for every sandbox.
let busConfig = """
    <busconfig><type>session</type><listen>unix:dir=\(root)/bus</listen><auth>EXTERNAL</auth>
    <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy></busconfig>
    """
let configFile = open(root + "/bus/bus.conf", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
_ = Array(busConfig.utf8).withUnsafeBytes { write(configFile, $0.baseAddress, $0.count) }
close(configFile)
let bus = Spawned("/usr/bin/dbus-daemon", ["--config-file=\(root)/bus/bus.conf", "--nofork", "--print-address=1"],
    environment: environment, output: root + "/bus/address")
defer { bus.stop(SIGTERM) }
waitForFile(root + "/bus/address")
var address = ""
for _ in 0..<200 where address.isEmpty {
    address = readText(root + "/bus/address").split(separator: "\n").first.map(String.init) ?? ""
    if address.isEmpty { waitForFile(root + "/bus/address") }
}
guard address.hasPrefix("unix:") else { fatal("dbus-daemon printed no address") }
environment.append("DBUS_SESSION_BUS_ADDRESS=\(address)")

let schemectl = binDirectory + "/schemectl"
let todolist = binDirectory + "/todolist"
step([schemectl, "flatpak", manifest, "--executable", todolist, "--output", root + "/package",
      "--runtime", runtimeParts[0], "--runtime-version", runtimeParts[2], "--sdk", runtimeParts[0]])
step(["flatpak-builder", "--disable-rofiles-fuse", "--disable-updates", "--disable-download", "--state-dir=\(root)/state",
      "--repo=\(root)/repo", root + "/build", root + "/package/com.acme.todolist.json"])
step(["flatpak", "--user", "remote-add", "--no-gpg-verify", "bench", "file://\(root)/repo"])
step(["flatpak", "--user", "install", "-y", "--noninteractive", "bench", "app/com.acme.todolist//master"])
// The cold launch: every measured URL then goes to the running sandboxed primary.
step(["flatpak", "run", "com.acme.todolist", "todolist://?warm%20up#today"])

// MARK: - Measure

/// Runs `argv` with output discarded; returns (status, milliseconds).
@MainActor func timed(_ argv: [String]) -> (status: Int32, milliseconds: Double) {
    let start = monotonicNanos()
    let process = Spawned(argv[0].hasPrefix("/") ? argv[0] : "/usr/bin/env", argv[0].hasPrefix("/") ? Array(argv.dropFirst()) : argv,
        environment: environment, output: "/dev/null")
    let status = process.wait()
    return (status, Double(monotonicNanos() - start) / 1_000_000)
}

let senders: [(name: String, argv: (String) -> [String])] = [
    ("schemectl open URL (host, wakes the sandbox)", { [schemectl, "open", $0] }),
    ("flatpak run com.acme.todolist URL", { ["flatpak", "run", "com.acme.todolist", $0] }),
    ("todolist URL (host binary, same primary)", { [todolist, $0] }),
    ("/bin/true (process start floor)", { _ in ["/bin/true"] }),
]
var series = senders.map { Series(name: $0.name) }
var failures = 0
print("flatpak benchmark: \(runs) rounds, senders interleaved; TodoList (static PIE, \(binDirectory)) running in a Flatpak sandbox; load \(loadAverage())")
for round in 0..<runs {
    for (index, sender) in senders.enumerated() {
        let result = timed(sender.argv("todolist://?bench%20\(index)%20\(round)#today"))
        if result.status != 0 {
            print("  \(sender.name) exited \(result.status) in round \(round)")
            failures += 1
        }
        series[index].add(result.milliseconds)
    }
}
step([todolist, "--quit"])

print("")
for item in series {
    print("  \(padded(item.name, 46)) median \(format(item.median, decimals: 2)) ms  (p25 \(format(item.percentile(0.25), decimals: 2)), p75 \(format(item.percentile(0.75), decimals: 2)))")
}
print("  flatpak run / schemectl open: \(format(series[1].median / series[0].median, decimals: 1))x  (load after: \(loadAverage()))")
if failures > 0 {
    print("  \(failures) sends failed")
    exit(1)
}
