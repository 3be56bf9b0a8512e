import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

/// One launch of the Notes-like app over a shared store: scenes preserve the note they show.
@MainActor
final class RestorationLaunch {
    let harness = SceneHarness()
    let preservation: StatePreservation
    private(set) var reported: [RestorationEvent] = []

    init(store: InMemoryRestorationStore, optedIn: Bool = true) {
        preservation = StatePreservation(store: store, bundleName: "com.example.notes")
        harness.controller.statePreservation = preservation
        preservation.observer = { [unowned self] in reported.append($0) }
        harness.app.shouldSaveResult = optedIn
        harness.app.shouldRestoreResult = optedIn
        harness.app.configureScene = { scene in
            scene.restorationIdentifier = "note"
            scene.stateToEncode = RestorationCoder(["scroll": .int(3)])
        }
    }

    var app: RecordingSceneApp<NotesTestRequest> { harness.app }
    var controller: LifecycleController { harness.controller }
}

/// The first launch: scene-1, then notes 42 (scene-2) and 7 (scene-3), then `--quit`.
@MainActor
func preserveTwoNotes(_ store: InMemoryRestorationStore) throws {
    let first = RestorationLaunch(store: store)
    first.app.appStateToEncode = RestorationCoder(["ui": .int(2)])
    try first.harness.launch()
    for (delivery, id) in [(1, 42), (2, 7)] {
        try first.harness.open("notes://open/\(id)", delivery: UInt64(delivery))
        let session = "scene-\(delivery + 1)"
        first.harness.scene(session).targetContentIdentifiers = ["note/\(id)"]
        try first.controller.setUserInfo(["note": String(id)], of: session)
    }
    try first.controller.close("scene-1")
    try first.controller.terminate()
    #expect(first.reported == [.saved(scenes: 2, bytes: store.archive?.count ?? -1)])
}

@MainActor
@Suite("Scenes: state preservation and restoration")
struct SceneRestorationTests {

    @Test("entering the background preserves the app state, then each scene with a restoration identifier")
    func preserveOnBackground() throws {
        let store = InMemoryRestorationStore()
        let launch = RestorationLaunch(store: store)
        launch.app.configureScene = { $0.restorationIdentifier = $0.session.persistentIdentifier == "scene-2" ? nil : "note" }
        try launch.harness.launch()
        try launch.harness.open("notes://new")
        try launch.controller.resignActive("scene-2")
        try launch.controller.enterBackground("scene-2")
        try launch.controller.enterBackground("scene-1")

        #expect(launch.app.events.suffix(4) == [
            .sceneDidEnterBackground("scene-1"), .shouldSaveApplicationState, .willEncodeRestorableState,
            .encodeRestorableState("scene-1"),
        ])
        let archive = try RestorationArchive(decoding: try #require(store.archive), expectedBundle: "com.example.notes")
        #expect(archive.scenes.map(\.session.persistentIdentifier) == ["scene-1"])
    }

    @Test("an app that does not opt in preserves nothing")
    func notOptedIn() throws {
        let store = InMemoryRestorationStore()
        let launch = RestorationLaunch(store: store, optedIn: false)
        try launch.harness.launch()
        try launch.controller.terminate()
        #expect(launch.app.events.contains(.shouldSaveApplicationState))
        #expect(!store.operations.contains(.save))
        #expect(store.archive == nil)
    }

    @Test("the next launch recreates the preserved scenes between the launch hooks, then discards the archive")
    func restoreOnNextLaunch() throws {
        let store = InMemoryRestorationStore()
        try preserveTwoNotes(store)
        let second = RestorationLaunch(store: store)
        var markedWhileDecoding: [Bool] = []
        second.app.configureScene = { scene in
            scene.restorationIdentifier = "note"
            scene.decodeError = nil
        }
        second.app.actions[.didDecodeRestorableState] = { markedWhileDecoding.append(store.restorationInProgress) }
        let outcome = try second.controller.launch()

        #expect(outcome == LaunchOutcome(results: []))
        #expect(second.app.events == [
            .willFinishLaunching, .shouldRestoreApplicationState,
            .willConnect("scene-2", restoring: true), .decodeRestorableState("scene-2"),
            .willConnect("scene-3", restoring: true), .decodeRestorableState("scene-3"),
            .didDecodeRestorableState, .didFinishLaunching,
            .sceneWillEnterForeground("scene-2"), .sceneWillEnterForeground("scene-3"), .sceneDidBecomeActive("scene-3"),
        ])
        #expect(second.app.shownAppStates == [RestorationCoder(["ui": .int(2)])])
        #expect(second.harness.scene("scene-2").decodedState == RestorationCoder(["scroll": .int(3)]))
        #expect(second.controller.sessions.map(\.userInfo) == [["note": "42"], ["note": "7"]])
        #expect(markedWhileDecoding == [true])
        #expect(second.reported == [.restored(scenes: 2), .discarded(.launchFinished)])
        #expect(store.archive == nil && !store.restorationInProgress)
    }

    @Test("restoring that takes more than half the launch deadline stops: the restored scenes disconnect, the app starts clean (issue 51)")
    func restorationTimeLimit() throws {
        let store = InMemoryRestorationStore()
        try preserveTwoNotes(store)
        let second = RestorationLaunch(store: store)
        second.app.configureScene = { [clock = second.harness.clock] scene in
            scene.restorationIdentifier = "note"
            clock.advance(by: .seconds(3))
        }
        let outcome = try second.controller.launch()

        #expect(outcome == LaunchOutcome(results: []), "the launch itself did not overrun")
        #expect(second.app.events.prefix(6) == [
            .willFinishLaunching, .shouldRestoreApplicationState,
            .willConnect("scene-2", restoring: true), .decodeRestorableState("scene-2"), .didDisconnect("scene-2"),
            .didFinishLaunching,
        ])
        #expect(second.reported.first == .discarded(.restorationFailed(
            "restoring 2 scenes took longer than half the launch deadline (restored so far: 1); the app starts clean")))
        #expect(store.archive == nil && !store.restorationInProgress)
        #expect(!second.controller.sessions.contains { $0.persistentIdentifier == "scene-3" })
    }

    @Test("after a relaunch, a URL for a restored note presents its scene instead of a duplicate")
    func launchURLForRestoredScene() throws {
        let store = InMemoryRestorationStore()
        try preserveTwoNotes(store)
        let second = RestorationLaunch(store: store)
        second.app.configureScene = { scene in
            scene.restorationIdentifier = "note"
            scene.targetContentIdentifiers = ["note/" + (scene.session.userInfo["note"] ?? "")]
        }
        let outcome = try second.controller.launch(
            options: LaunchOptions(url: try url("notes://open/42")), delivery: DeliveryID(1))

        #expect(outcome.results == [DeliveryResult(delivery: DeliveryID(1), verdict: .handled)])
        #expect(second.app.events.suffix(4) == [
            .sceneWillEnterForeground("scene-2"), .sceneWillEnterForeground("scene-3"),
            .openURLContexts("scene-2", url: "notes://open/42"), .sceneDidBecomeActive("scene-2"),
        ])
        #expect(second.controller.sessions.count == 2)
    }

    @Test("shouldRestoreApplicationState saying no discards the archive and the app starts clean")
    func declined() throws {
        let store = InMemoryRestorationStore()
        try preserveTwoNotes(store)
        let second = RestorationLaunch(store: store)
        second.app.shouldRestoreResult = false
        try second.harness.launch()
        #expect(second.controller.sessions.map(\.persistentIdentifier) == ["scene-1"])
        #expect(second.reported == [.discarded(.declinedByApp)])
        #expect(store.archive == nil)
    }

    @Test("a restoration that began and never ended (a crash) discards the archive without asking the app")
    func crashedDuringRestoration() throws {
        let store = InMemoryRestorationStore()
        try preserveTwoNotes(store)
        store.restorationInProgress = true
        let second = RestorationLaunch(store: store)
        try second.harness.launch()
        #expect(!second.app.events.contains(.shouldRestoreApplicationState))
        #expect(second.reported == [.discarded(.crashedDuringRestoration)])
        #expect(second.controller.sessions.map(\.persistentIdentifier) == ["scene-1"])
        #expect(store.archive == nil && !store.restorationInProgress)
    }

    @Test("a decode hook that throws disconnects what was restored, discards the archive, and the app starts clean")
    func restorationFails() throws {
        let store = InMemoryRestorationStore()
        try preserveTwoNotes(store)
        let second = RestorationLaunch(store: store)
        second.app.configureScene = { scene in
            if scene.session.persistentIdentifier == "scene-3" { scene.decodeError = OpenRefusal() }
        }
        let outcome = try second.controller.launch()
        #expect(outcome == LaunchOutcome(results: []))
        #expect(second.app.events == [
            .willFinishLaunching, .shouldRestoreApplicationState,
            .willConnect("scene-2", restoring: true), .decodeRestorableState("scene-2"),
            .willConnect("scene-3", restoring: true), .decodeRestorableState("scene-3"),
            .didDisconnect("scene-2"), .didDisconnect("scene-3"), .didFinishLaunching,
        ] + firstSceneEvents())
        #expect(second.reported == [.discarded(.restorationFailed("task list is read-only"))])
        #expect(store.archive == nil && !store.restorationInProgress)
    }

    @Test("a corrupt, foreign or unreadable archive is ignored with its reason", arguments: [
        ("garbage", "preserved state discarded: invalid: not JSON"),
        (#"{"format": "schemerouter-state", "version": 1, "bundle": "com.acme.todolist", "app": {}, "scenes": []}"#,
         "preserved state discarded: invalid: written by com.acme.todolist, not com.example.notes"),
        ("", "preserved state discarded: invalid: not JSON"),
    ])
    func corrupt(text: String, reason: String) throws {
        let store = InMemoryRestorationStore()
        store.archive = Array(text.utf8)
        let launch = RestorationLaunch(store: store)
        try launch.harness.launch()
        #expect(launch.reported.count == 1)
        #expect(launch.reported.first?.description.hasPrefix(reason) == true, "\(launch.reported)")
        #expect(!launch.app.events.contains(.shouldRestoreApplicationState))
        #expect(launch.controller.sessions.map(\.persistentIdentifier) == ["scene-1"])
        #expect(store.archive == nil)
    }

    @Test("an archive the store cannot read is discarded with the store's reason")
    func unreadable() throws {
        let store = InMemoryRestorationStore()
        store.readFailure = "not a regular file"
        let launch = RestorationLaunch(store: store)
        try launch.harness.launch()
        #expect(launch.reported == [.discarded(.unreadable("not a regular file"))])
    }

    @Test("when restoration cannot be recorded as begun, nothing is restored")
    func cannotMark() throws {
        let store = InMemoryRestorationStore()
        try preserveTwoNotes(store)
        store.beginError = OpenRefusal()
        let second = RestorationLaunch(store: store)
        try second.harness.launch()
        #expect(second.reported == [.discarded(.cannotMarkRestoration("task list is read-only"))])
        #expect(!second.app.events.contains(.decodeRestorableState("scene-2")))
    }

    @Test("a force-quit deletes the archive and preserves nothing")
    func forceQuit() throws {
        let store = InMemoryRestorationStore()
        let launch = RestorationLaunch(store: store)
        try launch.harness.launch()
        try launch.controller.resignActive("scene-1")
        try launch.controller.enterBackground("scene-1")
        #expect(store.archive != nil)
        try launch.controller.enterForeground("scene-1")
        launch.harness.forget()
        try launch.controller.terminate(discardingState: true)
        #expect(launch.app.events == [.didDisconnect("scene-1"), .willTerminate])
        #expect(launch.reported.last == .discarded(.forceQuit))
        #expect(store.archive == nil)
    }

    @Test("a closed scene is not preserved")
    func closedNotPreserved() throws {
        let store = InMemoryRestorationStore()
        let launch = RestorationLaunch(store: store)
        try launch.harness.launch()
        try launch.harness.open("notes://new")
        try launch.controller.close("scene-2")
        try launch.controller.terminate()
        let archive = try RestorationArchive(decoding: try #require(store.archive), expectedBundle: "com.example.notes")
        #expect(archive.scenes.map(\.session.persistentIdentifier) == ["scene-1"])
    }

    @Test("a failed save is reported, not thrown")
    func saveFails() throws {
        let store = InMemoryRestorationStore()
        store.saveError = OpenRefusal()
        let launch = RestorationLaunch(store: store)
        try launch.harness.launch()
        try launch.controller.terminate()
        #expect(launch.reported == [.saveFailed("task list is read-only")])
    }

    @Test("restoration counts against the launch deadline; a timed-out launch discards the archive")
    func restorationOverrun() throws {
        let store = InMemoryRestorationStore()
        try preserveTwoNotes(store)
        let second = RestorationLaunch(store: store)
        second.app.actions[.didDecodeRestorableState] = { second.harness.clock.advance(by: .seconds(6)) }
        let outcome = try second.controller.launch()
        #expect(outcome.failure == .timedOut(hook: .restoreState, elapsed: .seconds(6), deadline: .seconds(5)))
        #expect(second.controller.state == .notRunning)
        #expect(second.reported == [.restored(scenes: 2), .discarded(.launchFinished)])
        #expect(store.archive == nil)
    }
}
