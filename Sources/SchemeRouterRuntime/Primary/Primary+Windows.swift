internal import SchemeRouter

extension Primary {
    /// Moves the lifecycle to what the app's windows call for (a ``HostRunLoop`` reports them).
    func follow(_ windows: [WindowSnapshot], lastWindowClosed: Bool, policy: LastWindowPolicy) {
        guard phase == .running, let controller else { return }
        let steps = WindowLifecycle.steps(
            from: controller.state, windows: windows, policy: policy, lastWindowClosed: lastWindowClosed)
        if steps == [.terminate] {
            terminate(status: .success, requester: nil)
            return
        }
        guard !steps.isEmpty else { return }
        let hooks = steps.flatMap { step -> [String] in
            switch step {
            case .resignActive: ["willResignActive"]
            case .becomeActive: ["didBecomeActive"]
            case .enterBackground: ["didEnterBackground"]
            case .enterForeground: ["willEnterForeground", "didBecomeActive"]
            case .terminate: ["willTerminate"]
            }
        }
        watchdog.runHooks(hooks, owner: nil) {
            do throws(LifecycleError) {
                for step in steps {
                    switch step {
                    case .resignActive: try controller.resignActive()
                    case .becomeActive: try controller.becomeActive()
                    case .enterBackground: try controller.enterBackground()
                    case .enterForeground: try controller.enterForeground()
                    case .terminate: break
                    }
                }
            } catch {
                Log.error("the windows' lifecycle step failed: \(error)")
            }
        }
        rearmBackgroundTimer()
    }
}
