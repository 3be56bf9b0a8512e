extension LifecycleController {
    /// The outstanding background tasks, in the order they began.
    public var outstandingBackgroundTasks: [BackgroundTaskID] {
        backgroundTasks.map(\.id)
    }

    /// The clock time at which ``tick()`` will end the app's background time, or `nil` unless it
    /// is in the `background`: entering the background plus
    /// ``LifecycleConfiguration/backgroundDeadline``, or plus
    /// ``LifecycleConfiguration/backgroundTaskAllowance`` while a background task is
    /// outstanding. The runtime arms its timer for this instant. It may already have passed
    /// (for example when the last task ended after the base deadline).
    public var suspensionDeadline: Duration? {
        guard state == .background, let enteredBackground else { return nil }
        return enteredBackground
            + (backgroundTasks.isEmpty ? configuration.backgroundDeadline : configuration.backgroundTaskAllowance)
    }

    /// How much longer the app may run in the background (UIKit's `backgroundTimeRemaining`):
    /// `nil` in the foreground (`inactive`, `active`: no limit, UIKit's `DBL_MAX`), the time
    /// until ``suspensionDeadline`` (never negative) in the `background`, zero when `suspended`
    /// or `notRunning`.
    public var backgroundTimeRemaining: Duration? {
        switch state {
        case .inactive, .active:
            return nil
        case .background:
            guard let deadline = suspensionDeadline else { return .zero }
            return max(.zero, deadline - clock.now)
        case .suspended, .notRunning:
            return .zero
        }
    }

    /// Asks for more time in the background, like UIKit's
    /// `beginBackgroundTask(withName:expirationHandler:)`; every app may, with or without scenes.
    ///
    /// While a task is outstanding, the app's background time is
    /// ``LifecycleConfiguration/backgroundTaskAllowance`` from when it entered the background.
    /// If a task is still outstanding when that runs out, its `expiration` handler runs (on the
    /// main actor) as a last chance to end it; a task still not ended after the handlers ran
    /// means the app is terminated (see ``tick()``). Several tasks may be open at once, and they
    /// may be begun in the foreground and from inside hooks.
    ///
    /// - Parameters:
    ///   - name: A name for logs (UIKit's `withName:`).
    ///   - expiration: What to run if the time runs out first; it should end the task.
    /// - Returns: A new, unique ID for ``endBackgroundTask(_:)``; ``BackgroundTaskID/invalid``
    ///   when the app cannot run in the background any longer: its background time is already
    ///   up (``backgroundTimeRemaining`` is zero), expiration handlers are running, or it is
    ///   `suspended` or `notRunning`.
    public func beginBackgroundTask(
        name: String? = nil,
        expiration: (@MainActor () -> Void)? = nil
    ) -> BackgroundTaskID {
        guard currentEvent != .tick, state != .notRunning, state != .suspended,
            backgroundTimeRemaining != .zero
        else { return .invalid }
        lastBackgroundTaskNumber += 1
        let id = BackgroundTaskID(lastBackgroundTaskNumber)
        backgroundTasks.append(BackgroundTask(id: id, name: name, expiration: expiration))
        return id
    }

    /// Ends a background task. When it was the last one and the base background deadline has
    /// passed, the next ``tick()`` suspends the app. Ending ``BackgroundTaskID/invalid`` does
    /// nothing.
    /// - Parameter id: The task, as ``beginBackgroundTask(name:expiration:)`` returned it.
    /// - Throws: ``LifecycleError/unknownBackgroundTask(_:)`` when it is not outstanding (already
    ///   ended, or dropped when the app was suspended or terminated).
    public func endBackgroundTask(_ id: BackgroundTaskID) throws(LifecycleError) {
        guard id != .invalid else { return }
        guard let index = backgroundTasks.firstIndex(where: { $0.id == id }) else {
            throw .unknownBackgroundTask(id)
        }
        backgroundTasks.remove(at: index)
    }

    /// Checks the background deadline; the runtime calls this from a timer, in any state.
    ///
    /// Once the clock reaches ``suspensionDeadline``, the expiration handlers of the outstanding
    /// background tasks run in the order the tasks began (skipping tasks an earlier handler
    /// ended). If every task is ended then, the app's background scenes become `suspended` and
    /// so does the app, with no hook (iOS calls none on suspension). If a task is still open,
    /// the app is terminated, as the seed says: `didDisconnect` for each connected scene,
    /// `willTerminate` (the app is still running in the background), then `notRunning`.
    ///
    /// - Returns: What happened; ``TickOutcome/nothingDue`` when no deadline was reached.
    /// - Throws: ``LifecycleError/reentrantEvent(event:during:)`` from inside a hook.
    @discardableResult
    public func tick() throws(LifecycleError) -> TickOutcome {
        try handling(.tick) { () -> TickOutcome in
            guard let deadline = suspensionDeadline, clock.now >= deadline else {
                return .nothingDue
            }
            var expired: [BackgroundTaskID] = []
            for task in backgroundTasks where backgroundTasks.contains(where: { $0.id == task.id }) {
                expired.append(task.id)
                if let expiration = task.expiration { callApp(.backgroundTaskExpiration) { expiration() } }
            }
            let unended = backgroundTasks.map(\.id)
            if !unended.isEmpty {
                end()
                return .terminated(expired: expired, unended: unended)
            }
            enteredBackground = nil
            for scene in scenes where scene.state == .background {
                scene.state = .suspended
            }
            isSuspended = true
            return .suspended(expired: expired)
        }
    }
}
