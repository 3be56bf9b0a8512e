extension Application {
    /// Lets the control command ``ControlCommand/injectClockChange`` run the clock-change path
    /// (the one the timerfd source runs when the wall clock is set) without setting the clock.
    ///
    /// For probe apps that test clock-change handling: a test must never set the machine's
    /// clock. Off by default; an app that leaves it off refuses the command.
    @MainActor public static var acceptsInjectedClockChanges = false
}
