import CWallClockStep
import Glibc
import Testing

@testable import SchemeRouterRuntime

/// The clock-set source for real: the test steps the wall clock forward by one nanosecond, which
/// the kernel reports as a set of `CLOCK_REALTIME` to every `TFD_TIMER_CANCEL_ON_SET` timer on
/// the machine, the primary's among them. Every running primary sees it, so this suite runs
/// alone: `scripts/test` runs it after the rest, with `SCHEMEROUTER_TEST_WALL_CLOCK=1`.
@Suite("The wall clock set, as the kernel reports it (real processes; runs alone)")
struct WallClockSetTests {
    /// Why the wall clock cannot be stepped here, or `nil` when it can.
    static let unavailable: String? = {
        guard getenv("SCHEMEROUTER_TEST_WALL_CLOCK").map({ String(cString: $0) }) == "1" else {
            return "steps the machine's wall clock by 1 ns, which every running app sees, so it runs alone: "
                + "SCHEMEROUTER_TEST_WALL_CLOCK=1 swift test --skip-build --filter WallClockSetTests (scripts/test does)"
        }
        guard hasEffectiveCapability(25) else { return "needs CAP_SYS_TIME (root) to step the wall clock" }
        return nil
    }()

    /// Whether capability number `bit` (25: `CAP_SYS_TIME`) is in this process's effective set.
    static func hasEffectiveCapability(_ bit: Int) -> Bool {
        let status = TestFiles.read("/proc/self/status")
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("CapEff:") }),
            let mask = UInt64(line.dropFirst("CapEff:".count).trimmingPrefix(while: \.isWhitespace), radix: 16)
        else { return false }
        return mask & (1 << UInt64(bit)) != 0
    }

    static func step() throws {
        let result = wall_clock_step_one_nanosecond()
        if result != 0 { throw TestFailure("clock_adjtime(ADJ_SETOFFSET) failed: \(String(cString: strerror(-result)))") }
    }

    @Test(
        "a wall-clock set while active is delivered at once; ten while away arrive as one, before willEnterForeground",
        .enabled(if: unavailable == nil, Comment(rawValue: unavailable ?? "")))
    func clockSets() throws {
        let sandbox = try ProbeSandbox(environment: ["SCHEMEROUTER_BACKGROUND_DEADLINE_MS=0"])
        try sandbox.launch(foreground: true)
        try Self.step()
        try sandbox.waitForTrace { $0.hook == "significantTimeChange" }
        #expect(try sandbox.lifecycle(["background"]).status == 0)
        for _ in 1...10 { try Self.step() }
        // A round trip to the primary after the steps: the kernel's notice was read before it answered.
        #expect(try sandbox.lifecycle(["state"]).status == 0)
        #expect(try sandbox.lifecycle(["foreground"]).status == 0)
        #expect(Array(sandbox.probeTrace().dropFirst(3)) == [
            ProbeTraceLine(hook: "significantTimeChange", state: "active"),
            ProbeTraceLine(hook: "willResignActive", state: "inactive"),
            ProbeTraceLine(hook: "didEnterBackground", state: "background"),
            ProbeTraceLine(hook: "shouldSaveApplicationState", state: "background"),
            ProbeTraceLine(hook: "significantTimeChange", state: "background"),
            ProbeTraceLine(hook: "willEnterForeground", state: "inactive"),
            ProbeTraceLine(hook: "didBecomeActive", state: "active"),
        ])
    }
}
