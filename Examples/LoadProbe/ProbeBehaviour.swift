import CLibUV
import Glibc
import SchemeRouterRuntime
import SchemeRouterSender

/// Test behaviours switched on by environment variables (all off by default).
///
/// | variable | effect |
/// |---|---|
/// | `LOADPROBE_LOG=<file>` | where the log goes |
/// | `LOADPROBE_LAUNCH_GATE=<fifo>` | `didFinishLaunching` appends `launching`, then waits until the FIFO's writer closes it: the test decides when the launch ends |
/// | `LOADPROBE_DECLINE_LAUNCH=1` | `willFinishLaunching` returns `false` (the launch URL is declined) |
/// | `LOADPROBE_SLOW_LAUNCH_MS=n` | `didFinishLaunching` takes `n` ms |
/// | `LOADPROBE_HANG_LAUNCH=1` | `willFinishLaunching` never returns |
/// | `LOADPROBE_HOOK_DEADLINE_MS=n` | the app's own hook deadline, passed as `Application.main(settings:)` (a `SCHEMEROUTER_HOOK_DEADLINE_MS` set by the operator still wins) |
/// | `LOADPROBE_STALL_HOOK=<hook>` | that hook (`didEnterBackground`, `willEnterForeground`, `didBecomeActive`, `willResignActive`, `willTerminate`, `didDecodeRestorableState`) appends `stall <hook>` and never returns |
/// | `LOADPROBE_RESTORE=<tag>` | opt in to state preservation: the archive holds `tag`; restoring appends `shouldRestore <stored tag>` and `restored <stored tag>` |
/// | `LOADPROBE_BACKGROUND_TASK=keep` or `end-on-expiry` | `didEnterBackground` begins a background task and appends `task <n>`; its expiration handler appends `expired <n>` and, with `end-on-expiry`, ends it |
/// | `LOADPROBE_EXITS_ON_SUSPEND=1` | runs as `org.schemerouter.suspendingprobe` (`Schemes/suspending-probe.json`: `UIApplicationExitsOnSuspend: true`) |
/// | `LOADPROBE_SPARE_DESCRIPTORS=n` | `didFinishLaunching` opens `/dev/null` until all but `n` descriptors of the process's limit are taken (an app holding many files), and appends `spare n` |
/// | `LOADPROBE_SLOW_OPEN_MS=n` | `open` takes `n` ms for `loadprobe://record/…` (connections pile up behind it) |
/// | `LOADPROBE_LOG_LAUNCH=1` | `didFinishLaunching` appends `launch reason=<reason> url=<url or ->` |
struct ProbeBehaviour: Sendable {
    var launchGate: String?
    var stallHook: String?
    var backgroundTask: String?
    var exitsOnSuspend = false
    var logLaunch = false
    var declineLaunch = false
    var slowLaunch: UInt32 = 0
    var spareDescriptors: Int?
    var slowOpen: UInt32 = 0
    var hangLaunch = false
    var restorationTag: String?
    /// What the app passes to `Application.main(settings:)`.
    var settings = ApplicationSettings()

    static func fromEnvironment() -> ProbeBehaviour {
        func value(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        var behaviour = ProbeBehaviour(launchGate: value("LOADPROBE_LAUNCH_GATE"), stallHook: value("LOADPROBE_STALL_HOOK"))
        behaviour.declineLaunch = value("LOADPROBE_DECLINE_LAUNCH") == "1"
        behaviour.slowLaunch = value("LOADPROBE_SLOW_LAUNCH_MS").flatMap { UInt32($0) } ?? 0
        behaviour.hangLaunch = value("LOADPROBE_HANG_LAUNCH") == "1"
        behaviour.spareDescriptors = value("LOADPROBE_SPARE_DESCRIPTORS").flatMap { Int($0) }
        behaviour.slowOpen = value("LOADPROBE_SLOW_OPEN_MS").flatMap { UInt32($0) } ?? 0
        behaviour.backgroundTask = value("LOADPROBE_BACKGROUND_TASK")
        behaviour.exitsOnSuspend = value("LOADPROBE_EXITS_ON_SUSPEND") == "1"
        behaviour.logLaunch = value("LOADPROBE_LOG_LAUNCH") == "1"
        behaviour.restorationTag = value("LOADPROBE_RESTORE")
        if let milliseconds = value("LOADPROBE_HOOK_DEADLINE_MS").flatMap({ Int($0) }) {
            behaviour.settings.hookDeadline = .milliseconds(milliseconds)
        }
        return behaviour
    }

    /// Blocks the calling thread for `milliseconds` (a hook that takes long).
    static func spend(milliseconds: UInt32) {
        var request = timespec(tv_sec: Int(milliseconds / 1000), tv_nsec: Int(milliseconds % 1000) * 1_000_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }

    /// Opens `/dev/null` until opening fails (the descriptor limit), then closes `spare` of them:
    /// the rest stay open for the process's life.
    static func takeDescriptors(leaving spare: Int) {
        var taken: [Int32] = []
        while true {
            let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { break }
            taken.append(descriptor)
        }
        for descriptor in taken.suffix(spare) { close(descriptor) }
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
