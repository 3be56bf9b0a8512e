/// The pauses of a sender whose primary answers `busy`: it tries again after the primary's hint,
/// doubling the pause each time up to ``ceiling``, each scaled by a random jitter so that senders
/// shed together do not come back together, until ``budget`` has passed since the first `busy`.
/// Pure (time and jitter are given), so it is tested without clocks.
package struct BusyBackoff {
    /// How long after the first `busy` the sender stops trying (`SCHEMEROUTER_BUSY_RETRY_MS`).
    package let budget: Duration
    /// When the first `busy` arrived.
    package let start: Duration
    /// Pauses handed out so far.
    private(set) var tries = 0

    /// The shortest pause, whatever the hint.
    package static let floor = Duration.milliseconds(5)
    /// The longest pause, unless the primary's hint asks for more.
    package static let ceiling = Duration.milliseconds(250)

    package init(budget: Duration, start: Duration) {
        self.budget = budget
        self.start = start
    }

    /// The pause before the next try, or `nil` when the budget is spent (the sender reports
    /// `busy`). The pause never ends past the budget.
    /// - Parameters:
    ///   - hint: The primary's `retryAfter`.
    ///   - now: The monotonic time now.
    ///   - jitter: A factor from 0.5 to 1.
    package mutating func nextPause(hint: Duration, now: Duration, jitter: Double) -> Duration? {
        let end = start + budget
        guard now < end else { return nil }
        var pause = max(hint, Self.floor)
        for _ in 0..<min(tries, 16) where pause < Self.ceiling { pause = min(pause * 2, Self.ceiling) }
        pause = max(pause, hint) * min(max(jitter, 0.5), 1)
        tries += 1
        return min(max(pause, Self.floor), end - now)
    }
}
