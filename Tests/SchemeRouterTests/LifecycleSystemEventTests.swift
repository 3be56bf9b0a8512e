import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

@MainActor
@Suite("Lifecycle: system events queued while away and delivered on wake (seed §4.3.1, Table 4-1)")
struct LifecycleSystemEventTests {
    @Test("while inactive or active each event's hook runs at once", arguments: [AppState.inactive, .active])
    func deliveredAtOnce(state: AppState) throws {
        let harness = LifecycleHarness()
        try harness.drive(to: state)
        #expect(try harness.controller.post(.significantTimeChange) == .delivered)
        #expect(try harness.controller.post(.significantTimeChange) == .delivered)
        #expect(try harness.controller.post(.timeZoneChange(from: "Etc/UTC", to: "Europe/Paris")) == .delivered)
        #expect(try harness.controller.post(.localeChange(from: "C.UTF-8", to: "de_DE.UTF-8")) == .delivered)
        #expect(try harness.controller.post(.memoryWarning) == .delivered)
        #expect(harness.delegate.events == [
            .significantTimeChange, .significantTimeChange,
            .systemTimeZoneDidChange(from: "Etc/UTC", to: "Europe/Paris"),
            .currentLocaleDidChange(from: "C.UTF-8", to: "de_DE.UTF-8"),
            .didReceiveMemoryWarning,
        ])
        #expect(harness.records.map(\.state) == Array(repeating: state, count: 5))
        #expect(harness.records.map(\.systemEvent) == [
            .significantTimeChange, .significantTimeChange, .timeZoneChange(from: "Etc/UTC", to: "Europe/Paris"),
            .localeChange(from: "C.UTF-8", to: "de_DE.UTF-8"), .memoryWarning,
        ])
        #expect(harness.controller.pendingSystemEvents.isEmpty)
    }

    @Test("ten clock changes while suspended arrive as one, before the URL's wake sequence")
    func tenClockChangesAsOne() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .suspended)
        for _ in 1...10 {
            harness.clock.advance(by: .seconds(60))
            #expect(try harness.controller.post(.significantTimeChange) == .queued)
        }
        #expect(harness.delegate.events.isEmpty)
        #expect(harness.controller.pendingSystemEvents == [.significantTimeChange])
        let verdict = try harness.controller.receive(try url("todolist://x"))
        #expect(verdict == .handled)
        #expect(harness.delegate.events == [
            .significantTimeChange, .willEnterForeground, .open("todolist://x"), .didBecomeActive,
        ])
        // A suspended app runs code again as a background app while its queued events arrive.
        #expect(harness.records.first == {
            var record = HookRecord(hook: .significantTimeChange, state: .background)
            record.systemEvent = .significantTimeChange
            return record
        }())
        #expect(harness.controller.pendingSystemEvents.isEmpty)
    }

    @Test("every kind queued in the background comes once, in the seed's order, before willEnterForeground",
          arguments: [AppState.background, .suspended])
    func orderOnWake(state: AppState) throws {
        let harness = LifecycleHarness()
        try harness.drive(to: state)
        try harness.controller.post(.memoryWarning)
        try harness.controller.post(.localeChange(from: "C.UTF-8", to: "fr_FR.UTF-8"))
        try harness.controller.post(.timeZoneChange(from: "Etc/UTC", to: "Asia/Tokyo"))
        try harness.controller.post(.memoryWarning)
        try harness.controller.post(.significantTimeChange)
        try harness.controller.post(.timeZoneChange(from: "Asia/Tokyo", to: "Europe/Paris"))
        try harness.controller.post(.localeChange(from: "fr_FR.UTF-8", to: "de_DE.UTF-8"))
        #expect(harness.delegate.events.isEmpty)
        try harness.controller.enterForeground()
        #expect(harness.delegate.events == [
            .significantTimeChange,
            .systemTimeZoneDidChange(from: "Etc/UTC", to: "Europe/Paris"),
            .currentLocaleDidChange(from: "C.UTF-8", to: "de_DE.UTF-8"),
            .didReceiveMemoryWarning,
            .willEnterForeground, .didBecomeActive,
        ])
    }

    @Test("a setting that comes back to where it was is no net change: nothing is delivered")
    func netChangeCancels() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .suspended)
        #expect(try harness.controller.post(.timeZoneChange(from: "Etc/UTC", to: "Europe/Paris")) == .queued)
        #expect(try harness.controller.post(.timeZoneChange(from: "Europe/Paris", to: "Etc/UTC")) == .cancelled)
        #expect(try harness.controller.post(.localeChange(from: "C", to: "C")) == .cancelled)
        #expect(harness.controller.pendingSystemEvents.isEmpty)
        try harness.controller.enterForeground()
        #expect(harness.delegate.events == [.willEnterForeground, .didBecomeActive])
    }

    @Test("events queued in the background are delivered on the background launch's first wake")
    func afterBackgroundLaunch() throws {
        let harness = LifecycleHarness()
        _ = try harness.controller.launch(intoBackground: true)
        harness.forget()
        try harness.controller.post(.memoryWarning)
        _ = try harness.controller.receive(try url("todolist://a"))
        _ = try harness.controller.receive(try url("todolist://b"))
        #expect(harness.delegate.events == [
            .didReceiveMemoryWarning, .willEnterForeground, .open("todolist://a"), .didBecomeActive, .open("todolist://b"),
        ])
    }

    @Test("terminating drops the queued events; a new launch starts with none")
    func terminateDrops() throws {
        let harness = LifecycleHarness()
        try harness.drive(to: .suspended)
        try harness.controller.post(.significantTimeChange)
        try harness.controller.terminate()
        #expect(harness.controller.pendingSystemEvents.isEmpty)
        _ = try harness.controller.launch()
        #expect(!harness.delegate.events.contains(.significantTimeChange))
    }

    @Test("posting while not running, or from inside a hook, is refused")
    func refused() throws {
        let harness = LifecycleHarness()
        #expect(throws: LifecycleError.illegalTransition(event: .systemEvent, state: .notRunning)) {
            try harness.controller.post(.memoryWarning)
        }
        var thrown: LifecycleError?
        harness.delegate.actions[.didBecomeActive] = {
            do throws(LifecycleError) { try harness.controller.post(.memoryWarning) } catch { thrown = error }
        }
        _ = try harness.controller.launch()
        #expect(thrown == .reentrantEvent(event: .systemEvent, during: .launch))
    }

    @Test("the queue coalesces any sequence to at most one event per kind, in kind order")
    func queueCoalesces() {
        var queue = SystemEventQueue()
        let zones = ["Etc/UTC", "Europe/Paris", "Asia/Tokyo", "America/New_York"]
        for index in 0..<40 {
            queue.enqueue(.memoryWarning)
            queue.enqueue(.timeZoneChange(from: zones[index % 4], to: zones[(index + 1) % 4]))
            queue.enqueue(.significantTimeChange)
        }
        // 40 steps round a cycle of 4 zones: back where it started, no net change.
        #expect(queue.events == [.significantTimeChange, .memoryWarning])
        queue.enqueue(.timeZoneChange(from: "Etc/UTC", to: "Europe/Paris"))
        #expect(queue.drain() == [.significantTimeChange, .timeZoneChange(from: "Etc/UTC", to: "Europe/Paris"), .memoryWarning])
        #expect(queue.isEmpty)
        #expect(SystemEvent.Kind.allCases.sorted() == [.significantTimeChange, .timeZoneChange, .localeChange, .memoryWarning])
        #expect(SystemEvent.timeZoneChange(from: "A", to: "B").description == "timeZoneChange(A → B)")
    }
}
