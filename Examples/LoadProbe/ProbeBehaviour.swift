import Glibc

/// Test behaviours switched on by environment variables (all off by default).
///
/// | variable | effect |
/// |---|---|
/// | `LOADPROBE_LOG=<file>` | where the log goes |
/// | `LOADPROBE_LAUNCH_GATE=<fifo>` | `didFinishLaunching` appends `launching`, then waits until the FIFO's writer closes it: the test decides when the launch ends |
/// | `LOADPROBE_STALL_HOOK=<hook>` | that hook (`didEnterBackground`, `willEnterForeground`, `didBecomeActive`, `willResignActive`, `willTerminate`) appends `stall <hook>` and never returns |
/// | `LOADPROBE_BACKGROUND_TASK=keep` or `end-on-expiry` | `didEnterBackground` begins a background task and appends `task <n>`; its expiration handler appends `expired <n>` and, with `end-on-expiry`, ends it |
/// | `LOADPROBE_EXITS_ON_SUSPEND=1` | the manifest says `UIApplicationExitsOnSuspend: true` |
/// | `LOADPROBE_LOG_LAUNCH=1` | `didFinishLaunching` appends `launch reason=<reason> url=<url or ->` |
struct ProbeBehaviour: Sendable {
    var launchGate: String?
    var stallHook: String?
    var backgroundTask: String?
    var exitsOnSuspend = false
    var logLaunch = false

    static func fromEnvironment() -> ProbeBehaviour {
        func value(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        return ProbeBehaviour(
            launchGate: value("LOADPROBE_LAUNCH_GATE"), stallHook: value("LOADPROBE_STALL_HOOK"),
            backgroundTask: value("LOADPROBE_BACKGROUND_TASK"), exitsOnSuspend: value("LOADPROBE_EXITS_ON_SUSPEND") == "1",
            logLaunch: value("LOADPROBE_LOG_LAUNCH") == "1")
    }

    /// The embedded manifest, with `UIApplicationExitsOnSuspend` when asked.
    var manifest: String {
        guard exitsOnSuspend else { return probeManifestJSON }
        var text = probeManifestJSON
        let opening = text.firstIndex(of: "{")!
        text.insert(contentsOf: "\n  \"UIApplicationExitsOnSuspend\": true,", at: text.index(after: opening))
        return text
    }

    /// Blocks until the gate FIFO's writer closes it.
    static func wait(forGate path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count == 0 || (count < 0 && errno != EINTR) { break }
        }
        close(descriptor)
    }

    /// Never returns (signals do not end the wait; SIGKILL or the watchdog does).
    static func stall() -> Never {
        while true { pause() }
    }
}
