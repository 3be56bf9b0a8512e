internal import SchemeRouterLifecycle
internal import SchemeRouterSender
/// The request ids the primary has seen (`OpenRequest/requestID`) and what became of them, so
/// a sender's retry is answered with the first verdict instead of being delivered again.
///
/// Bounded: at most ``capacity`` answered ids are kept, the oldest forgotten first; ids whose
/// request is still queued are kept until it is answered (at most one per connection).
@MainActor
struct RequestMemory {
    /// What became of one id.
    enum Entry {
        /// Queued (during the launch); the retries waiting for its verdict.
        case pending(waiters: [(connection: Connection, request: UInt32)])
        /// Delivered: its verdict.
        case answered(DeliveryVerdict)
    }

    /// The most answered ids remembered.
    static let capacity = 4096

    private var entries: [String: Entry] = [:]
    private var answeredOrder: [String] = []
    private var oldest = 0

    /// What became of `id`, if it was seen.
    subscript(id: String) -> Entry? { entries[id] }

    /// Notes that the request with `id` is being carried out.
    mutating func begin(_ id: String) {
        entries[id] = .pending(waiters: [])
    }

    /// A retry of a queued request waits for its verdict.
    mutating func wait(for id: String, connection: Connection, request: UInt32) {
        guard case .pending(var waiters) = entries[id] else { return }
        waiters.append((connection, request))
        entries[id] = .pending(waiters: waiters)
    }

    /// Whether retries wait for `id`.
    func hasWaiters(_ id: String) -> Bool {
        if case .pending(let waiters) = entries[id] { return !waiters.isEmpty }
        return false
    }

    /// Forgets a request that was not delivered (its sender gave up): a retry delivers it.
    /// - Returns: The retries that waited for it.
    mutating func abandon(_ id: String) -> [(connection: Connection, request: UInt32)] {
        guard case .pending(let waiters) = entries.removeValue(forKey: id) else { return [] }
        return waiters
    }

    /// Records the verdict of a delivered request.
    /// - Returns: The retries that waited for it (they get the same verdict).
    mutating func settle(_ id: String, _ verdict: DeliveryVerdict) -> [(connection: Connection, request: UInt32)] {
        var waiters: [(connection: Connection, request: UInt32)] = []
        if case .pending(let waiting) = entries[id] { waiters = waiting }
        entries[id] = .answered(verdict)
        answeredOrder.append(id)
        if answeredOrder.count - oldest > Self.capacity {
            let forgotten = answeredOrder[oldest]
            oldest += 1
            if case .answered = entries[forgotten] { entries[forgotten] = nil }
            if oldest > Self.capacity {
                answeredOrder.removeFirst(oldest)
                oldest = 0
            }
        }
        return waiters
    }
}
