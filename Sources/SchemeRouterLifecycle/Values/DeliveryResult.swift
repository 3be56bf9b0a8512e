/// The verdict for one delivery of a launch.
public struct DeliveryResult: Sendable, Hashable {
    /// The delivery the verdict is for.
    public var delivery: DeliveryID
    /// What became of its URL.
    public var verdict: DeliveryVerdict

    /// Pairs a delivery with its verdict.
    /// - Parameters:
    ///   - delivery: The delivery.
    ///   - verdict: Its verdict.
    public init(delivery: DeliveryID, verdict: DeliveryVerdict) {
        self.delivery = delivery
        self.verdict = verdict
    }
}
