internal import SchemeRouter

extension Primary {
    /// Opens the system event sources this machine has and starts watching them (`schemectl
    /// status` lists which are available).
    func startSystemEventSources() {
        let sources = SystemEventSources { [unowned self] events in self.post(events) }
        sources.start(on: loop)
        systemEventSources = sources
    }

    /// Hands system events to the app's driver one at a time, each hook under the hook deadline:
    /// delivered now while the app is in the foreground, queued while it is away. (Sources fire
    /// only from loop callbacks, never inside a hook.)
    func post(_ events: [SystemEvent]) {
        for event in events {
            guard phase == .running, let driver, driver.appState != .notRunning else { return }
            let immediate = driver.appState == .active || driver.appState == .inactive
            watchdog.runHooks(immediate ? [event.hookName] : [], owner: nil) { driver.postSystemEvent(event) }
        }
    }

    /// The hooks a wake runs first: the queued system events', then `willEnterForeground`.
    func wakeHooks(_ controller: LifecycleController) -> [String] {
        controller.pendingSystemEvents.map(\.hookName) + ["willEnterForeground"]
    }
}
