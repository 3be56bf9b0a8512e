// OpenBenchmark: `schemectl open URL` to a running TodoList, next to `gio open URL`, `xdg-open URL`
// and TodoList's own sender (`todolist URL`), measured in the same run, interleaved round by
// round, from posix_spawn to the process's exit. Prints medians (p25, p75) and ratios.
//
// Usage: OpenBenchmark --bin DIR [--runs N] [--manifest PATH] [--directory PARENT] [--variant NAME=SCHEMECTL]...
//   DIR holds release builds of schemectl and todolist (Benchmarks/run builds them with
//   --static-swift-stdlib); each --variant adds another schemectl build to measure alongside.
//   A row for /bin/true shows the cost of starting any process here. Everything happens in a
//   throwaway HOME/XDG_* under PARENT (default /tmp). TodoList fsyncs its list twice per URL, so on
//   a busy disk its own time dominates; PARENT=/dev/shm (tmpfs) measures the delivery path alone.
import Glibc

// MARK: - Arguments

var binDirectory = ""
var runs = 200
var manifest = "../Examples/TodoList/Schemes/todolist.json"
var variants: [(name: String, path: String)] = []
var parent = "/tmp"
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--bin": binDirectory = arguments.next() ?? ""
    case "--runs": runs = Int(arguments.next() ?? "") ?? runs
    case "--manifest": manifest = arguments.next() ?? manifest
    case "--directory": parent = arguments.next() ?? parent
    case "--variant":
        let text = arguments.next() ?? ""
        guard let equals = text.firstIndex(of: "=") else { print("--variant NAME=PATH"); exit(64) }
        variants.append((String(text[..<equals]), String(text[text.index(after: equals)...])))
    default:
        print("usage: OpenBenchmark --bin DIR [--runs N] [--manifest PATH]")
        exit(64)
    }
}
guard !binDirectory.isEmpty, runs > 0 else {
    print("usage: OpenBenchmark --bin DIR [--runs N] [--manifest PATH]")
    exit(64)
}

// MARK: - Processes

func nanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Runs `argv` with `environment`, output to /dev/null; returns (exit status, elapsed ns).
func run(_ argv: [String], _ environment: [String]) -> (status: Int32, nanoseconds: UInt64) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let cArguments = argv.map { strdup($0) } + [nil]
    let cEnvironment = environment.map { strdup($0) } + [nil]
    defer {
        cArguments.forEach { free($0) }
        cEnvironment.forEach { free($0) }
    }
    var pid: pid_t = 0
    let start = nanoseconds()
    guard posix_spawnp(&pid, argv[0], &actions, nil, cArguments, cEnvironment) == 0 else {
        print("cannot start \(argv[0])")
        exit(71)
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let elapsed = nanoseconds() - start
    return (status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F), elapsed)
}

/// Waits (inotify, bounded) until the trace file contains `needle`.
func waitForTrace(_ path: String, containing needle: String, timeoutMilliseconds: Int32 = 20_000) -> Bool {
    let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    defer { close(descriptor) }
    inotify_add_watch(descriptor, path, UInt32(IN_MODIFY))
    let deadline = nanoseconds() + UInt64(timeoutMilliseconds) * 1_000_000
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        if let fd = Optional(open(path, O_RDONLY | O_CLOEXEC)), fd >= 0 {
            var contents: [UInt8] = []
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                contents += buffer[0..<count]
            }
            close(fd)
            if String(decoding: contents, as: UTF8.self).contains(needle) { return true }
        }
        let now = nanoseconds()
        guard now < deadline else { return false }
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        if poll(&waiting, 1, Int32((deadline - now) / 1_000_000) + 1) > 0 {
            _ = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        }
    }
}

// MARK: - A throwaway desktop

var template = Array("\(parent)/srbench.XXXXXX".utf8CString)
guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { exit(71) }
let root = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
let trace = root + "/trace.jsonl"
for directory in ["/home", "/home/.config", "/home/.local", "/home/.local/share", "/usr", "/usr/share", "/etc", "/run"] {
    mkdir(root + directory, 0o700)
}
let environment = [
    "HOME=\(root)/home", "XDG_DATA_HOME=\(root)/home/.local/share", "XDG_CONFIG_HOME=\(root)/home/.config",
    "XDG_DATA_DIRS=\(root)/usr/share", "XDG_CONFIG_DIRS=\(root)/etc", "XDG_RUNTIME_DIR=\(root)/run",
    "PATH=\(String(cString: getenv("PATH") ?? strdup("/usr/bin:/bin")))", "DISPLAY=:schemerouter-bench", "LANG=C.UTF-8",
    "SCHEMEROUTER_TRACE=\(trace)",
]
close(open(trace, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600))
let schemectl = binDirectory + "/schemectl"
let todolist = binDirectory + "/todolist"
defer { _ = run(["rm", "-rf", root], []) }

guard run([schemectl, "register", manifest, "--exec", todolist], environment).status == 0 else {
    print("schemectl register failed")
    exit(70)
}
// Cold launch once; every measured URL then goes to the running primary.
guard run([schemectl, "open", "todolist://?warm%20up#today"], environment).status == 0 else {
    print("the cold launch failed")
    exit(70)
}

// MARK: - Measure

struct Series {
    let name: String
    var samples: [Double] = []
    func percentile(_ p: Double) -> Double {
        let sorted = samples.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
}

var senders: [(name: String, argv: (String) -> [String], waitsForDelivery: Bool)] = [
    ("schemectl open URL", { [schemectl, "open", $0] }, true),
    ("gio open URL", { ["gio", "open", $0] }, false),
    ("xdg-open URL", { ["xdg-open", $0] }, true),
    ("todolist URL (the app's own sender)", { [todolist, $0] }, true),
    ("/bin/true (process start floor)", { _ in ["/bin/true"] }, true),
]
for variant in variants {
    senders.append(("schemectl open URL (\(variant.name))", { [variant.path, "open", $0] }, true))
}
var series = senders.map { Series(name: $0.name) }
var failures = 0
print("open benchmark: \(runs) runs per sender, interleaved; each URL goes to a running TodoList (release build, \(binDirectory)); home under \(parent)")
for round in 0..<runs {
    for (index, sender) in senders.enumerated() {
        let url = "todolist://?bench%20\(index)%20\(round)#today"
        let result = run(sender.argv(url), environment)
        if result.status != 0 {
            print("\(sender.name) exited with \(result.status) for \(url)")
            failures += 1
        }
        series[index].samples.append(Double(result.nanoseconds) / 1_000_000)
        // gio returns before TodoList has the URL: wait (untimed) until it has, so that its
        // leftover process does not run into the next measurement.
        if !sender.waitsForDelivery && !waitForTrace(trace, containing: "bench%20\(index)%20\(round)#") {
            print("gio open did not deliver \(url)")
            failures += 1
        }
    }
}
_ = run([todolist, "--quit"], environment)

func format(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < 2 { text += String(repeating: "0", count: 2 - decimals) }
    }
    return text
}

print("")
for item in series {
    print("  \(item.name + String(repeating: " ", count: max(0, 38 - item.name.count))) median \(format(item.percentile(0.5))) ms"
        + "  (p25 \(format(item.percentile(0.25))), p75 \(format(item.percentile(0.75))))")
}
for (index, item) in series.enumerated() where index == 0 || index >= 5 {
    let ours = item.percentile(0.5)
    print("  \(item.name): gio open is \(format(series[1].percentile(0.5) / ours))x slower,"
        + " xdg-open \(format(series[2].percentile(0.5) / ours))x; target median <= 3 ms \(ours <= 3 ? "met" : "MISSED")")
}
if failures > 0 {
    print("  \(failures) sends failed")
    exit(1)
}
