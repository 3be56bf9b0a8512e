/// Where the archive lives between two launches. The core decides when to read, write and delete
/// it; the runtime implements the store on disk (`$XDG_STATE_HOME/<bundle name>/`), tests in
/// memory (`InMemoryRestorationStore` in SchemeRouterTestKit).
@MainActor
public protocol RestorationStore: AnyObject {
    /// What the previous launch left: the archive's bytes, and whether a restoration began and
    /// never ended (the app crashed or was killed while restoring).
    func load() -> StoredRestorationState

    /// Replaces the archive, atomically: a crash leaves the old archive or the new one, whole.
    func save(_ archive: [UInt8]) throws

    /// Records that a restoration is beginning, durably, before any restoration hook runs.
    func beginRestoring() throws

    /// Records that the restoration ended (it succeeded or failed without crashing).
    func endRestoring()

    /// Deletes the archive and the restoration record.
    func discard()
}

/// What a ``RestorationStore`` found at launch.
public struct StoredRestorationState: Sendable, Hashable {
    /// The archive's bytes; `nil` when there is none.
    public var archive: [UInt8]?
    /// `true` when a restoration began and never ended.
    public var restorationWasInterrupted: Bool
    /// Why the archive exists but could not be read, if so (too large, not a regular file…).
    public var readFailure: String?

    /// Creates a description of the stored state; by default, nothing stored.
    public init(archive: [UInt8]? = nil, restorationWasInterrupted: Bool = false, readFailure: String? = nil) {
        self.archive = archive
        self.restorationWasInterrupted = restorationWasInterrupted
        self.readFailure = readFailure
    }
}
