extension LifecycleController {
    /// The app leaves the foreground or is interrupted: `willResignActive` (`active → inactive`).
    /// - Throws: ``LifecycleError/illegalTransition(event:state:)`` unless `active`, or
    ///   ``LifecycleError/reentrantEvent(event:during:)``.
    public func resignActive() throws(LifecycleError) {
        try handling(.resignActive) { () throws(LifecycleError) in
            guard state == .active else {
                throw .illegalTransition(event: .resignActive, state: state)
            }
            call(.willResignActive, during: .active, after: .inactive) { delegate.willResignActive() }
        }
    }

    /// An interruption ends and the app returns to the foreground: `didBecomeActive`
    /// (`inactive → active`).
    /// - Throws: ``LifecycleError/illegalTransition(event:state:)`` unless `inactive`, or
    ///   ``LifecycleError/reentrantEvent(event:during:)``.
    public func becomeActive() throws(LifecycleError) {
        try handling(.becomeActive) { () throws(LifecycleError) in
            guard state == .inactive else {
                throw .illegalTransition(event: .becomeActive, state: state)
            }
            call(.didBecomeActive, during: .active, after: .active) { delegate.didBecomeActive() }
        }
    }

    /// The app moves to the background: `didEnterBackground` (`inactive → background`). The
    /// background deadline starts now, before the hook runs, so the hook's own time counts.
    ///
    /// With ``LifecycleConfiguration/exitsOnSuspend`` the app never enters the background: it
    /// terminates instead, `willTerminate` (`inactive → notRunning`), as with
    /// `UIApplicationExitsOnSuspend`.
    /// - Throws: ``LifecycleError/illegalTransition(event:state:)`` unless `inactive` (call
    ///   ``resignActive()`` first), or ``LifecycleError/reentrantEvent(event:during:)``.
    public func enterBackground() throws(LifecycleError) {
        try handling(.enterBackground) { () throws(LifecycleError) in
            guard state == .inactive else {
                throw .illegalTransition(event: .enterBackground, state: state)
            }
            if configuration.exitsOnSuspend {
                call(.willTerminate, during: .inactive, after: .notRunning) { delegate.willTerminate() }
                resetRunningState()
                return
            }
            enteredBackground = clock.now
            call(.didEnterBackground, during: .background, after: .background) { delegate.didEnterBackground() }
            preserveApplicationState()
        }
    }

    /// The user brings the app back without a URL: the queued system events (see ``post(_:)``),
    /// `willEnterForeground`, `didBecomeActive` (`background` or `suspended` → `active`).
    /// - Throws: ``LifecycleError/illegalTransition(event:state:)`` unless `background` or
    ///   `suspended`, or ``LifecycleError/reentrantEvent(event:during:)``.
    public func enterForeground() throws(LifecycleError) {
        try handling(.enterForeground) { () throws(LifecycleError) in
            guard state == .background || state == .suspended else {
                throw .illegalTransition(event: .enterForeground, state: state)
            }
            wake {}
        }
    }

    /// The app terminates: `willTerminate` when `inactive`, `active` or `background`, after its
    /// state is preserved (see ``StatePreservation``); no hook when `suspended` (a suspended app
    /// runs no code). Either way the app is `notRunning` afterwards, and outstanding background
    /// tasks are dropped without their expiration handlers.
    /// - Parameter discardingState: `true` for the user's force-quit: nothing is preserved and the
    ///   preserved state is deleted.
    /// - Throws: ``LifecycleError/illegalTransition(event:state:)`` while `notRunning`, or
    ///   ``LifecycleError/reentrantEvent(event:during:)``.
    public func terminate(discardingState: Bool = false) throws(LifecycleError) {
        try handling(.terminate) { () throws(LifecycleError) in
            switch state {
            case .notRunning:
                throw .illegalTransition(event: .terminate, state: state)
            case .suspended:
                if discardingState { statePreservation?.forceQuit() }
                state = .notRunning
            case .inactive, .active, .background:
                if discardingState { statePreservation?.forceQuit() } else { preserveApplicationState() }
                call(.willTerminate, during: state, after: .notRunning) { delegate.willTerminate() }
            }
            resetRunningState()
        }
    }
}
