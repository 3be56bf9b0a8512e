internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import SchemeRouter
internal import SchemeRouterLifecycle
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

    /// The background timer fired: let the controller suspend the app if the deadline is due,
    /// or end the process when a background task was left open and the app was terminated.
    private func backgroundDeadlineReached() {
        guard let controller, phase == .running else { return }
        let outcome = watchdog.serving(nil) { () -> TickOutcome in
            do throws(LifecycleError) {
                return try controller.tick()
            } catch {
                preconditionFailure("tick: \(error)")
            }
        }
        if case .terminated(_, let unended) = outcome {
            Log.error(
                "the background time ran out with background tasks not ended ("
                    + unended.map(\.description).joined(separator: ", ") + "): \(app.name) was terminated")
            terminate(status: .terminated, requester: nil)
            return
        }
        rearmBackgroundTimer()
    }
}
