extension LifecycleController {
    /// The outstanding background tasks, in the order they began.
    public var outstandingBackgroundTasks: [BackgroundTaskID] {
        backgroundTasks.map(\.id)
    }

    /// The clock time at which ``tick()`` will suspend the app, or `nil` unless it is in the
    /// `background`: entering the background plus ``LifecycleConfiguration/backgroundDeadline``,
    /// or plus ``LifecycleConfiguration/backgroundTaskAllowance`` while a background task is
    /// outstanding. The runtime can arm its timer for this instant. It may already have passed
    /// (for example when the last task ended after the base deadline).
    public var suspensionDeadline: Duration? {
        guard state == .background, let enteredBackground else { return nil }
        return enteredBackground
            + (backgroundTasks.isEmpty ? configuration.backgroundDeadline : configuration.backgroundTaskAllowance)
    }

    /// Asks for more time in the background, like UIKit's `beginBackgroundTask(expirationHandler:)`.
    ///
    /// While a task is outstanding, the app is suspended no earlier than
    /// ``LifecycleConfiguration/backgroundTaskAllowance`` after it entered the background. If
    /// the task is still outstanding then, `expiration` runs (on the main actor, before the app
    /// is suspended); it may call ``endBackgroundTask(_:)``. A task may be begun in the
    /// foreground and from inside hooks.
    ///
    /// - Parameter expiration: What to run if the allowance runs out first.
    /// - Returns: The task's ID, for ``endBackgroundTask(_:)``.
    /// - Throws: ``LifecycleError/illegalTransition(event:state:)`` while `notRunning` or
    ///   `suspended`; ``LifecycleError/reentrantEvent(event:during:)`` from an expiration handler.
    public func beginBackgroundTask(
        expiration: @escaping @MainActor () -> Void
    ) throws(LifecycleError) -> BackgroundTaskID {
        if currentEvent == .tick {
            throw .reentrantEvent(event: .beginBackgroundTask, during: .tick)
        }
        switch state {
        case .inactive, .active, .background:
            lastBackgroundTaskNumber += 1
            let id = BackgroundTaskID(lastBackgroundTaskNumber)
            backgroundTasks.append(BackgroundTask(id: id, expiration: expiration))
            return id
        case .notRunning, .suspended:
            throw .illegalTransition(event: .beginBackgroundTask, state: state)
        }
    }

    /// Ends a background task. When it was the last one and the base background deadline has
    /// passed, the next ``tick()`` suspends the app.
    /// - Parameter id: The task, as ``beginBackgroundTask(expiration:)`` returned it.
    /// - Throws: ``LifecycleError/unknownBackgroundTask(_:)`` when it is not outstanding (already
    ///   ended, expired, or dropped when the app was suspended or terminated).
    public func endBackgroundTask(_ id: BackgroundTaskID) throws(LifecycleError) {
        guard let index = backgroundTasks.firstIndex(where: { $0.id == id }) else {
            throw .unknownBackgroundTask(id)
        }
        backgroundTasks.remove(at: index)
    }

    /// Checks the background deadline; the runtime calls this from a timer, in any state.
    ///
    /// Once the clock reaches ``suspensionDeadline``, the expiration handlers of the outstanding
    /// background tasks run in the order the tasks began (skipping tasks an earlier handler
    /// ended), the tasks are dropped, and the app becomes `suspended`. No hook runs: iOS calls
    /// none on suspension.
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
                task.expiration()
            }
            resetRunningState()
            state = .suspended
            return .suspended(expired: expired)
        }
    }
}
