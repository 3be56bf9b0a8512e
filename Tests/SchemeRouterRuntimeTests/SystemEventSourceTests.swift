import Glibc
import Testing

@testable import SchemeRouterRuntime
import SchemeRouterSender

/// System events from real sources on the primary's loop: the time zone (a private mount
/// namespace with its own /etc) and memory pressure (a child cgroup with a small memory.high).
/// The clock-set source has its own suite (WallClockSetTests): it runs alone.
@Suite("System events from real sources (real processes)")
struct SystemEventSourceTests {
    /// Why the namespace test cannot run here, or `nil` when it can.
    static let namespaceUnavailable: String? = {
        guard geteuid() == 0 else { return "needs root for unshare -m and mount --bind" }
        guard access("/usr/bin/unshare", X_OK) == 0 else { return "no /usr/bin/unshare (util-linux)" }
        guard access("/usr/share/zoneinfo/Europe/Paris", R_OK) == 0 else { return "no tzdata in /usr/share/zoneinfo" }
        return nil
    }()

    @Test(
        "the time zone: /etc/localtime replaced by rename inside a private mount namespace reaches the delegate",
        .enabled(if: namespaceUnavailable == nil, Comment(rawValue: namespaceUnavailable ?? "")))
    func timeZoneChange() throws {
        let sandbox = try ProbeSandbox(environment: ["SCHEMEROUTER_BACKGROUND_DEADLINE_MS=0"])
        // A private copy of /etc, bind-mounted over /etc in a namespace only the primary lives in.
        let etc = sandbox.root + "/etc"
        mkdir(etc, 0o755)
        let copy = try ChildProcess("/bin/cp", ["-a", "/etc/.", etc + "/"].map { Array($0.utf8) }, environment: [], outputPrefix: sandbox.root + "/cp")
        #expect(try copy.wait() == 0, "\(copy.standardError)")
        unlink(etc + "/localtime")
        symlink("/usr/share/zoneinfo/Etc/UTC", etc + "/localtime")
        let launcher = try ChildProcess(
            "/usr/bin/unshare",
            ["-m", "--propagation", "private", "/bin/sh", "-c", "mount --bind \"$0\" /etc && exec \"$1\"", etc, sandbox.probe]
                .map { Array($0.utf8) },
            environment: sandbox.environment(), outputPrefix: sandbox.root + "/unshare")
        let status = try launcher.wait()
        #expect(status == 0, "\(launcher.standardError)")

        func replace(with zone: String) {
            symlink("/usr/share/zoneinfo/" + zone, etc + "/localtime.new")
            rename(etc + "/localtime.new", etc + "/localtime")
        }
        replace(with: "Europe/Paris")
        try sandbox.waitForTrace { $0.hook == "systemTimeZoneDidChange" }
        #expect(sandbox.probeTrace().last == ProbeTraceLine(hook: "systemTimeZoneDidChange", state: "active", from: "Etc/UTC", to: "Europe/Paris"))

        // While away: three changes arrive as one with the net change, before willEnterForeground.
        // (The primary reads each inotify event as it happens; the foreground command comes
        // from a process started afterwards.)
        #expect(try sandbox.lifecycle(["background"]).status == 0)
        replace(with: "Asia/Tokyo")
        replace(with: "Etc/UTC")
        replace(with: "America/New_York")
        #expect(try sandbox.lifecycle(["state"]).status == 0)
        #expect(try sandbox.lifecycle(["foreground"]).status == 0)
        #expect(Array(sandbox.probeTrace().suffix(3)) == [
            ProbeTraceLine(hook: "systemTimeZoneDidChange", state: "background", from: "Europe/Paris", to: "America/New_York"),
            ProbeTraceLine(hook: "willEnterForeground", state: "inactive"),
            ProbeTraceLine(hook: "didBecomeActive", state: "active"),
        ])
        // The machine's own /etc/localtime was never touched.
        var target = [UInt8](repeating: 0, count: 512)
        let length = target.withUnsafeMutableBytes { readlink("/etc/localtime", $0.baseAddress!.assumingMemoryBound(to: CChar.self), 511) }
        let machineZone = String(decoding: target.prefix(max(0, length)), as: UTF8.self)
        #expect(!machineZone.hasSuffix("America/New_York"))
    }

    /// The cgroup v2 directory a test may create a child with the memory controller in, or why
    /// there is none.
    static let memoryCgroup: (directory: String?, reason: String) = {
        guard geteuid() == 0 else { return (nil, "needs root to create a cgroup") }
        let root = "/sys/fs/cgroup"
        func words(_ file: String) -> [Substring] { TestFiles.read(root + "/" + file).split(whereSeparator: { $0 == " " || $0 == "\n" }) }
        guard words("cgroup.controllers").contains("memory") else {
            return (nil, "no cgroup v2 memory controller at \(root) (this machine has cgroup v1 memory or none)")
        }
        guard words("cgroup.subtree_control").contains("memory") else {
            return (nil, "the memory controller is not enabled for children of \(root) (cgroup.subtree_control)")
        }
        let probe = root + "/schemerouter-probe-\(getpid())"
        guard mkdir(probe, 0o755) == 0 else { return (nil, "cannot create a cgroup under \(root): errno \(errno)") }
        rmdir(probe)
        return (root, "")
    }()

    @Test(
        "memory pressure: the primary in a child cgroup whose usage passes a small memory.high gets didReceiveMemoryWarning",
        .enabled(if: memoryCgroup.directory != nil, Comment(rawValue: memoryCgroup.reason)))
    func memoryWarning() throws {
        let cgroup = Self.memoryCgroup.directory! + "/schemerouter-test-\(getpid())"
        #expect(mkdir(cgroup, 0o755) == 0)
        defer {
            // Everything left in the cgroup (the primary, the hog) goes, then the cgroup.
            for pid in TestFiles.read(cgroup + "/cgroup.procs").split(separator: "\n").compactMap({ pid_t($0) }) {
                kill(pid, SIGKILL)
                try? ProcessWatch.waitForExit(pid, timeout: .seconds(10))
            }
            rmdir(cgroup)
        }
        // The hook deadline is off: a task over memory.high is throttled, the primary included.
        let sandbox = try ProbeSandbox(environment: ["SCHEMEROUTER_HOOK_DEADLINE_MS=0"])
        let launcher = try ChildProcess(
            "/bin/sh", ["-c", "echo $$ > \"$0/cgroup.procs\" && exec \"$1\"", cgroup, sandbox.probe].map { Array($0.utf8) },
            environment: sandbox.environment(), outputPrefix: sandbox.root + "/launch")
        #expect(try launcher.wait() == 0, "\(launcher.standardError)")
        // Limits set once the primary runs: memory.high 8 MiB above what the cgroup uses now, and
        // memory.max as a backstop so nothing can grow without bound.
        let current = Int(TestFiles.read(cgroup + "/memory.current").filter(\.isNumber)) ?? 0
        TestFiles.write(cgroup + "/memory.max", "\(current + 128 << 20)\n")
        TestFiles.write(cgroup + "/memory.high", "\(current + 8 << 20)\n")
        // A second process in the cgroup passes memory.high: tail keeps the one 32 MiB line.
        let hog = try ChildProcess(
            "/bin/sh", ["-c", "echo $$ > \"$0/cgroup.procs\" && head -c 32M /dev/zero | tail -n 1 >/dev/null", cgroup]
                .map { Array($0.utf8) },
            environment: sandbox.environment(), outputPrefix: sandbox.root + "/hog")
        try withExtendedLifetime(hog) {
            _ = try sandbox.waitForTrace(timeout: .seconds(60)) { $0.hook == "didReceiveMemoryWarning" }
        }
        #expect(TestFiles.read(cgroup + "/memory.events").contains("high"))
    }
}

/// The locale source and the status report, on real files and a real `schemectl`.
@Suite("System events: locale file and status report (real processes)")
struct SystemEventReportTests {
    @Test("a locale.conf replaced by rename reaches the delegate with the old and new LANG")
    func localeChange() throws {
        let sandbox = try ProbeSandbox()
        let config = sandbox.root + "/.config"
        mkdir(config, 0o700)
        TestFiles.write(config + "/locale.conf", "LANG=C.UTF-8\n")
        try sandbox.launch(foreground: true)
        TestFiles.write(config + "/locale.conf.new", "LANG=\"de_DE.UTF-8\"\nLC_TIME=en_GB.UTF-8\n")
        rename(config + "/locale.conf.new", config + "/locale.conf")
        try sandbox.waitForTrace { $0.hook == "currentLocaleDidChange" }
        #expect(sandbox.probeTrace().last == ProbeTraceLine(
            hook: "currentLocaleDidChange", state: "active", from: "C.UTF-8", to: "de_DE.UTF-8"))
    }

    @Test("schemectl status lists every system event source and whether it works here")
    func statusReport() throws {
        let sandbox = try ProbeSandbox()
        let status = try ChildProcess(
            try Executables.path("schemectl"), [Array("status".utf8), Array("--json".utf8)],
            environment: sandbox.environment(), outputPrefix: sandbox.root + "/status")
        _ = try status.wait()
        let output = status.standardOutput
        for event in ["significantTimeChange", "systemTimeZoneDidChange", "currentLocaleDidChange", "didReceiveMemoryWarning"] {
            #expect(output.contains("\"event\": \"\(event)\""), "\(event) missing from \(output)")
        }
        // Every Linux since 3.0 has TFD_TIMER_CANCEL_ON_SET.
        #expect(output.contains(#""event": "significantTimeChange", "source": "timerfd on CLOCK_REALTIME with TFD_TIMER_CANCEL_ON_SET", "available": true"#))
    }
}
