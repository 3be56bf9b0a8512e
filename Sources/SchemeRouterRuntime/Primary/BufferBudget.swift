/// The bytes the primary holds for requests it received and has not yet answered, across both
/// doors (incomplete frames, requests queued during the launch, D-Bus calls waiting for their
/// turn), bounded by ``RuntimeSettings/maximumBufferedBytes`` (`SCHEMEROUTER_MAX_BUFFERED_BYTES`).
@MainActor
final class BufferBudget {
    /// The most bytes held at once.
    let limit: Int
    /// The bytes held now.
    private(set) var held = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Whether `bytes` more fit.
    func fits(_ bytes: Int) -> Bool { held + bytes <= limit }

    /// Counts `bytes` more as held.
    func hold(_ bytes: Int) { held += bytes }

    /// Gives `bytes` back.
    func release(_ bytes: Int) { held -= bytes }
}
