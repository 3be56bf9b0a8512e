/// Identifies one delivery of a URL (one waiting sender), so its verdict can be routed back.
///
/// The runtime makes them; the controller only passes them through to ``HookRecord`` and
/// ``DeliveryResult``.
public struct DeliveryID: Sendable, Hashable, CustomStringConvertible {
    /// The opaque number.
    public let rawValue: UInt64

    /// Wraps a number the runtime chose; it must be unique among the deliveries in flight.
    /// - Parameter rawValue: The number.
    public init(_ rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// `#` and the number.
    public var description: String { "#\(rawValue)" }
}
