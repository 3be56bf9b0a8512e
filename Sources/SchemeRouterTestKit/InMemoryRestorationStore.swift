public import SchemeRouterLifecycle

/// A `SchemeRouter/RestorationStore` in memory, for testing the preservation rules without
/// files: it keeps the archive and the restoration record, and logs every operation.
///
/// Two controllers sharing one store play two launches of the same app; setting
/// ``restorationInProgress`` with an archive plays a process that died while restoring.
@MainActor
public final class InMemoryRestorationStore: RestorationStore {
    /// One operation on the store.
    public enum Operation: Sendable, Hashable {
        case load, save, beginRestoring, endRestoring, discard
    }

    /// The stored archive, if any; tests may replace it with any bytes.
    public var archive: [UInt8]?
    /// `true` between ``beginRestoring()`` and ``endRestoring()``/``discard()``.
    public var restorationInProgress = false
    /// Reported by ``load()`` as the read failure when set.
    public var readFailure: String?
    /// Thrown by ``save(_:)`` when set.
    public var saveError: (any Error)?
    /// Thrown by ``beginRestoring()`` when set.
    public var beginError: (any Error)?
    /// Every operation so far, in order.
    public private(set) var operations: [Operation] = []

    /// Creates an empty store.
    public init() {}

    /// The archive, the restoration record and the read failure.
    public func load() -> StoredRestorationState {
        operations.append(.load)
        return StoredRestorationState(
            archive: archive, restorationWasInterrupted: restorationInProgress, readFailure: readFailure)
    }

    /// Keeps the bytes, or throws ``saveError``.
    public func save(_ archive: [UInt8]) throws {
        operations.append(.save)
        if let saveError { throw saveError }
        self.archive = archive
    }

    /// Sets the record, or throws ``beginError``.
    public func beginRestoring() throws {
        operations.append(.beginRestoring)
        if let beginError { throw beginError }
        restorationInProgress = true
    }

    /// Clears the record.
    public func endRestoring() {
        operations.append(.endRestoring)
        restorationInProgress = false
    }

    /// Deletes the archive and the record.
    public func discard() {
        operations.append(.discard)
        archive = nil
        restorationInProgress = false
        readFailure = nil
    }

    /// Forgets the operation log.
    public func clearOperations() {
        operations.removeAll()
    }
}
