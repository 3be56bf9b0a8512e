import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterTestKit
import Testing

/// An app without scenes that opts in to state preservation, logging its restoration hooks.
@MainActor
final class RestoringAppDelegate: ApplicationDelegate, StateRestorationDelegate {
    var log: [String] = []
    var version = 1
    var restore = true
    var decodeError: (any Error)?

    func open(_ request: LifecycleTestRequest, options: OpenOptions) throws -> Bool { true }
    func willFinishLaunching(options: LaunchOptions) -> Bool { log.append("willFinishLaunching"); return true }
    func didFinishLaunching(options: LaunchOptions) -> Bool { log.append("didFinishLaunching"); return true }
    func willTerminate() { log.append("willTerminate") }
    func shouldSaveApplicationState() -> Bool { log.append("shouldSave"); return true }
    func willEncodeRestorableState(_ coder: inout RestorationCoder) {
        log.append("willEncode")
        coder.encode(version, forKey: "version")
    }
    func shouldRestoreApplicationState(_ coder: RestorationCoder) -> Bool {
        log.append("shouldRestore(\(coder.int(forKey: "version")!))")
        return restore
    }
    func didDecodeRestorableState(_ coder: RestorationCoder) throws {
        log.append("didDecode")
        if let decodeError { throw decodeError }
    }
}

@MainActor
@Suite("Lifecycle: state preservation without scenes")
struct LifecycleRestorationTests {
    func controller(_ delegate: RestoringAppDelegate, _ store: InMemoryRestorationStore) -> LifecycleController {
        let controller = makeController(delegate: delegate, clock: ManualClock())
        controller.statePreservation = StatePreservation(store: store, bundleName: "com.acme.todolist")
        return controller
    }

    @Test("state is preserved on entering the background and restored between the launch hooks of the next launch")
    func cycle() throws {
        let store = InMemoryRestorationStore()
        let first = RestoringAppDelegate()
        let running = controller(first, store)
        _ = try running.launch()
        try running.resignActive()
        try running.enterBackground()
        #expect(first.log.suffix(2) == ["shouldSave", "willEncode"])
        try running.terminate()
        #expect(first.log.suffix(3) == ["shouldSave", "willEncode", "willTerminate"])

        let second = RestoringAppDelegate()
        _ = try controller(second, store).launch()
        #expect(second.log == ["willFinishLaunching", "shouldRestore(1)", "didDecode", "didFinishLaunching"])
        #expect(store.archive == nil)
    }

    @Test("without a store or an archive, the launch runs only the launch hooks")
    func nothingStored() throws {
        let delegate = RestoringAppDelegate()
        _ = try controller(delegate, InMemoryRestorationStore()).launch()
        #expect(delegate.log == ["willFinishLaunching", "didFinishLaunching"])
    }

    @Test("a failing didDecodeRestorableState discards the archive")
    func decodeFails() throws {
        let store = InMemoryRestorationStore()
        let first = controller(RestoringAppDelegate(), store)
        _ = try first.launch()
        try first.terminate()
        let delegate = RestoringAppDelegate()
        delegate.decodeError = OpenRefusal()
        _ = try controller(delegate, store).launch()
        #expect(store.operations.suffix(3) == [.beginRestoring, .endRestoring, .discard])
        #expect(store.archive == nil)
    }

    @Test("a force-quit deletes the archive without preserving")
    func forceQuit() throws {
        let store = InMemoryRestorationStore()
        let delegate = RestoringAppDelegate()
        let running = controller(delegate, store)
        _ = try running.launch()
        try running.resignActive()
        try running.enterBackground()
        #expect(store.archive != nil)
        try running.terminate(discardingState: true)
        #expect(store.archive == nil)
        #expect(delegate.log.last == "willTerminate")
        #expect(delegate.log.filter { $0 == "shouldSave" }.count == 1)
    }
}
