import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

/// System events in a scene-based app: the app delegate gets them at once while a scene is in the
/// foreground; while every scene is away they are queued, coalesced, and delivered just before the
/// next `willEnterForeground`.
@MainActor
@Suite("Scenes: system events")
struct SceneSystemEventTests {
    @Test("delivered at once to the app delegate while a scene is in the foreground",
          arguments: [SceneState.foregroundActive, .foregroundInactive])
    func immediate(state: SceneState) throws {
        let harness = SceneHarness()
        try drive(harness, to: state)
        let event = SystemEvent.timeZoneChange(from: "Etc/UTC", to: "Europe/Paris")
        #expect(try harness.controller.post(event) == .delivered)
        #expect(harness.app.events == [.systemTimeZoneDidChange(from: "Etc/UTC", to: "Europe/Paris")])
        #expect(harness.records == [
            HookRecord(hook: .systemTimeZoneDidChange, state: harness.controller.state, systemEvent: event)
        ])
        #expect(harness.controller.pendingSystemEvents.isEmpty)
    }

    @Test("queued while every scene is away, coalesced, then delivered in kind order before willEnterForeground",
          arguments: [SceneState.background, .suspended])
    func queuedThenDelivered(state: SceneState) throws {
        let harness = SceneHarness()
        try drive(harness, to: state)
        #expect(try harness.controller.post(.memoryWarning) == .queued)
        #expect(try harness.controller.post(.timeZoneChange(from: "Etc/UTC", to: "Asia/Tokyo")) == .queued)
        #expect(try harness.controller.post(.significantTimeChange) == .queued)
        #expect(try harness.controller.post(.timeZoneChange(from: "Asia/Tokyo", to: "Europe/Paris")) == .queued)
        #expect(try harness.controller.post(.significantTimeChange) == .queued)
        #expect(harness.app.events.isEmpty)
        #expect(harness.controller.pendingSystemEvents == [
            .significantTimeChange, .timeZoneChange(from: "Etc/UTC", to: "Europe/Paris"), .memoryWarning,
        ])
        try harness.controller.enterForeground("scene-1")
        #expect(harness.app.events == [
            .significantTimeChange, .systemTimeZoneDidChange(from: "Etc/UTC", to: "Europe/Paris"), .didReceiveMemoryWarning,
            .sceneWillEnterForeground("scene-1"),
        ])
        // The app runs code again: its events' hooks see it in the background, not suspended.
        #expect(harness.records.prefix(3).map(\.state) == [.background, .background, .background])
        #expect(harness.controller.pendingSystemEvents.isEmpty)
        #expect(harness.controller.state == .inactive)
    }

    @Test("a URL for a scene in the background brings the queued events before its willEnterForeground")
    func urlWakes() throws {
        let harness = SceneHarness()
        try drive(harness, to: .background)
        try harness.controller.post(.localeChange(from: "C.UTF-8", to: "de_DE.UTF-8"))
        #expect(try harness.open("notes://search?milk") == .handled)
        #expect(harness.app.events == [
            .currentLocaleDidChange(from: "C.UTF-8", to: "de_DE.UTF-8"), .sceneWillEnterForeground("scene-1"),
            .openURLContexts("scene-1", url: "notes://search?milk"), .sceneDidBecomeActive("scene-1"),
        ])
    }

    @Test("a setting changed and changed back while away is no change")
    func cancelled() throws {
        let harness = SceneHarness()
        try drive(harness, to: .background)
        #expect(try harness.controller.post(.localeChange(from: "C.UTF-8", to: "fr_FR.UTF-8")) == .queued)
        #expect(try harness.controller.post(.localeChange(from: "fr_FR.UTF-8", to: "C.UTF-8")) == .cancelled)
        try harness.controller.enterForeground("scene-1")
        #expect(harness.app.events == [.sceneWillEnterForeground("scene-1")])
    }

    @Test("terminating drops the queued events; the next launch starts with none")
    func droppedOnTerminate() throws {
        let harness = SceneHarness()
        try drive(harness, to: .background)
        try harness.controller.post(.memoryWarning)
        try harness.controller.terminate()
        #expect(harness.controller.pendingSystemEvents.isEmpty)
        try harness.launch()
        let session = try #require(harness.controller.connectedSessions.first).persistentIdentifier
        try harness.controller.resignActive(session)
        try harness.controller.enterBackground(session)
        try harness.controller.enterForeground(session)
        #expect(harness.app.events == [.sceneWillResignActive(session), .sceneDidEnterBackground(session), .sceneWillEnterForeground(session)])
    }

    @Test("posting to an app that is not running, or from inside a hook, is a typed error")
    func illegal() throws {
        let harness = SceneHarness()
        #expect(throws: LifecycleError.illegalTransition(event: .systemEvent, state: .notRunning)) {
            try harness.controller.post(.significantTimeChange)
        }
        var caught: LifecycleError?
        harness.app.actions[.didFinishLaunching] = {
            do throws(LifecycleError) { try harness.controller.post(.significantTimeChange) } catch { caught = error }
        }
        try harness.launch()
        #expect(caught == .reentrantEvent(event: .systemEvent, during: .launch))
    }
}
