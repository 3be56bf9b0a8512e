internal import SchemeRouterPlatform
internal import SchemeRouter
internal import CLibUV

extension Primary {
    /// Arms the background timer for the controller's suspension deadline, or stops it when
    /// the app is not in the background. Called after every event that can change the state.
    func rearmBackgroundTimer() {
        guard let timer = backgroundTimer, let controller, phase == .running else { return }
        guard let deadline = controller.suspensionDeadline else {
            UV.expect(uv_timer_stop(timer), "uv_timer_stop")
            return
        }
        let remaining = deadline - controller.clock.now
        uv_update_time(loop.raw)
        UV.expect(uv_timer_start(timer, { timer in
            MainActor.assumeIsolated {
                guard let timer, let data = timer.pointee.data else { return }
                Unmanaged<Primary>.fromOpaque(data).takeUnretainedValue().backgroundDeadlineReached()
            }
        }, UInt64(Sys.milliseconds(remaining)), 0), "uv_timer_start")
    }

    /// The background timer fired: let the controller suspend the app if the deadline is due.
    private func backgroundDeadlineReached() {
        guard let controller, phase == .running else { return }
        watchdog.armHook(["a background task's expiration handler"], owner: nil)
        do throws(LifecycleError) {
            try controller.tick()
        } catch {
            preconditionFailure("tick: \(error)")
        }
        guard watchdog.disarm() else { watchdog.park() }
        rearmBackgroundTimer()
    }
}
