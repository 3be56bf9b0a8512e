import Glibc

/// Hook behaviours for the runtime's end-to-end tests, switched on by environment variables
/// (Docs/Runtime.md). All off in normal use.
///
/// | variable | effect |
/// |---|---|
/// | `TODOLIST_TEST_DECLINE_LAUNCH=1` | `willFinishLaunching` returns `false` (the launch URL is declined) |
/// | `TODOLIST_TEST_SLOW_LAUNCH_MS=n` | `didFinishLaunching` takes `n` ms |
/// | `TODOLIST_TEST_HANG_LAUNCH=1` | `willFinishLaunching` never returns |
struct TestBehaviour: Sendable {
    var declineLaunch = false
    var slowLaunch: UInt32 = 0
    var hangLaunch = false

    static func fromEnvironment() -> TestBehaviour {
        func value(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        var behaviour = TestBehaviour()
        behaviour.declineLaunch = value("TODOLIST_TEST_DECLINE_LAUNCH") == "1"
        behaviour.slowLaunch = value("TODOLIST_TEST_SLOW_LAUNCH_MS").flatMap { UInt32($0) } ?? 0
        behaviour.hangLaunch = value("TODOLIST_TEST_HANG_LAUNCH") == "1"
        return behaviour
    }

    /// Blocks the calling thread for `milliseconds` (a hook that takes long).
    static func spend(milliseconds: UInt32) {
        var request = timespec(tv_sec: Int(milliseconds / 1000), tv_nsec: Int(milliseconds % 1000) * 1_000_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
