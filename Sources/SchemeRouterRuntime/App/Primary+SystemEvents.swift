internal import SchemeRouter
internal import SchemeRouterLifecycle
internal import SchemeRouterSender

extension Primary {
    /// Opens the system event sources this machine has and starts watching them (`schemectl
    /// status` lists which are available).
    func startSystemEventSources() {
        let sources = SystemEventSources { [unowned self] events in self.post(events) }
        sources.start(on: loop)
        systemEventSources = sources
    }

    /// Hands system events to the app's controller one at a time, each hook under the hook
    /// deadline: delivered now while the app is in the foreground, queued while it is away.
    /// (Sources fire only from loop callbacks, never inside a hook.)
    func post(_ events: [SystemEvent]) {
        for event in events {
            guard phase == .running, let controller, controller.state != .notRunning else { return }
            watchdog.serving(nil) {
                do throws(LifecycleError) {
                    try controller.post(event)
                } catch {
                    preconditionFailure("post: \(error)")
                }
            }
        }
    }
}
