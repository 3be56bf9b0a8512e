/// The system events that arrived while the app could not take them, coalesced as the seed
/// says: "a single notification (of each relevant type) that reflects the net change".
///
/// - A significant time change or memory warning is kept once, however often it came.
/// - A time zone or locale change keeps the first `from` and the last `to`; when they are
///   equal (the setting came back to where it was) there is no net change and nothing is kept.
///
/// ``drain()`` hands them out in ``SystemEvent/Kind`` order.
public struct SystemEventQueue: Sendable, Hashable {
    /// The coalesced event of each kind that has one.
    private var pending: [SystemEvent.Kind: SystemEvent] = [:]

    /// An empty queue.
    public init() {}

    /// Whether nothing is queued.
    public var isEmpty: Bool { pending.isEmpty }

    /// The queued events, in delivery order, without removing them.
    public var events: [SystemEvent] {
        pending.sorted { $0.key < $1.key }.map(\.value)
    }

    /// Adds `event`, coalescing it with the one of its kind already queued.
    public mutating func enqueue(_ event: SystemEvent) {
        switch (pending[event.kind], event) {
        case (.timeZoneChange(let first, _)?, .timeZoneChange(_, let last)):
            pending[event.kind] = first == last ? nil : .timeZoneChange(from: first, to: last)
        case (.localeChange(let first, _)?, .localeChange(_, let last)):
            pending[event.kind] = first == last ? nil : .localeChange(from: first, to: last)
        case (.some, _):
            break
        case (nil, .timeZoneChange(let from, let to)), (nil, .localeChange(let from, let to)):
            if from != to { pending[event.kind] = event }
        case (nil, _):
            pending[event.kind] = event
        }
    }

    /// Removes and returns everything queued, in delivery order.
    public mutating func drain() -> [SystemEvent] {
        let drained = events
        pending.removeAll()
        return drained
    }
}
