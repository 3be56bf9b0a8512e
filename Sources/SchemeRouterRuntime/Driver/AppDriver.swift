internal import SchemeRouter

/// What the primary asks of the controller that drives the app's delegate: a
/// `LifecycleController` for an app-delegate app, a `SceneController` for one that opted in
/// to scenes (`SceneApplicationDelegate`). The request path, the deadlines, the background
/// timer and termination are the primary's, shared by both.
///
/// Every event reaches the driver from a loop callback, never from inside a hook, and only in
/// a state the primary checked: an error from the controller is a bug in the primary.
@MainActor
protocol AppDriver: AnyObject {
    /// The app's state (derived from its scenes for a scene app).
    var appState: AppState { get }
    /// The monotonic clock of the deadlines.
    var clock: any LifecycleClock { get }
    /// The deadlines.
    var configuration: LifecycleConfiguration { get }
    /// When the background timer must tick, or `nil` when the app is not in the background.
    var suspensionDeadline: Duration? { get }
    /// The app's delegate.
    var appDelegate: any ApplicationDelegate { get }
    /// State preservation; set before ``launchApp(options:routed:delivery:intoBackground:)``.
    var statePreservation: StatePreservation? { get set }

    /// Runs the launch sequence with the launch URL already routed.
    func launchApp(options: LaunchOptions, routed: RoutedURL?, delivery: DeliveryID?, intoBackground: Bool) -> LaunchOutcome
    /// Delivers a routed URL to the running app.
    func deliver(_ routed: RoutedURL, options: OpenOptions, delivery: DeliveryID) -> DeliveryVerdict
    /// The background timer fired.
    func tickBackground() -> TickOutcome
    /// Terminates the app (`willTerminate`), preserving or discarding its state.
    func terminateApp(discardingState: Bool)
    /// Delivers a system event now, or queues it while the app is away.
    func postSystemEvent(_ event: SystemEvent)
}

extension LifecycleController: AppDriver {
    var appState: AppState { state }
    var appDelegate: any ApplicationDelegate { delegate }

    func launchApp(options: LaunchOptions, routed: RoutedURL?, delivery: DeliveryID?, intoBackground: Bool) -> LaunchOutcome {
        do throws(LifecycleError) {
            return try launch(options: options, routed: routed, delivery: delivery, intoBackground: intoBackground)
        } catch {
            preconditionFailure("launch: \(error)")
        }
    }

    func deliver(_ routed: RoutedURL, options: OpenOptions, delivery: DeliveryID) -> DeliveryVerdict {
        do throws(LifecycleError) {
            return try receive(routed, options: options, delivery: delivery)
        } catch {
            preconditionFailure("receive: \(error)")
        }
    }

    func tickBackground() -> TickOutcome {
        do throws(LifecycleError) {
            return try tick()
        } catch {
            preconditionFailure("tick: \(error)")
        }
    }

    func terminateApp(discardingState: Bool) {
        do throws(LifecycleError) {
            try terminate(discardingState: discardingState)
        } catch {
            preconditionFailure("terminate: \(error)")
        }
    }

    func postSystemEvent(_ event: SystemEvent) {
        do throws(LifecycleError) {
            try post(event)
        } catch {
            preconditionFailure("post: \(error)")
        }
    }
}

extension SceneController: AppDriver {
    var appDelegate: any ApplicationDelegate { delegate }

    /// A `--background` launch connects the scenes, then sends each to the background.
    func launchApp(options: LaunchOptions, routed: RoutedURL?, delivery: DeliveryID?, intoBackground: Bool) -> LaunchOutcome {
        let outcome: LaunchOutcome
        do throws(SceneError) {
            outcome = try launch(options: options, delivery: delivery)
            if intoBackground && outcome.failure == nil {
                for session in connectedSessions.map(\.persistentIdentifier) {
                    if state(of: session) == .foregroundActive { try resignActive(session) }
                    if state(of: session) == .foregroundInactive { try enterBackground(session) }
                }
            }
        } catch {
            preconditionFailure("launch: \(error)")
        }
        return outcome
    }

    func deliver(_ routed: RoutedURL, options: OpenOptions, delivery: DeliveryID) -> DeliveryVerdict {
        do throws(SceneError) {
            return try receive(routed.url, options: options, delivery: delivery)
        } catch {
            preconditionFailure("receive: \(error)")
        }
    }

    func tickBackground() -> TickOutcome {
        do throws(SceneError) {
            return try tick()
        } catch {
            preconditionFailure("tick: \(error)")
        }
    }

    func terminateApp(discardingState: Bool) {
        do throws(SceneError) {
            try terminate(discardingState: discardingState)
        } catch {
            preconditionFailure("terminate: \(error)")
        }
    }

    func postSystemEvent(_ event: SystemEvent) {
        do throws(SceneError) {
            try post(event)
        } catch {
            preconditionFailure("post: \(error)")
        }
    }
}
