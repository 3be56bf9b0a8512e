/// The app that sent a URL, and how much of that is known for sure.
///
/// A sender may say who it is (``name``); the runtime may also learn the sending process's
/// ``pid`` and ``uid`` from the kernel (`SO_PEERCRED` on the wake socket). ``isClaimed`` tells
/// the two apart: treat a claimed identity as a hint, never as a credential.
public struct SourceApplication: Sendable, Hashable {
    /// The sender's bundle name or executable path.
    public var name: String
    /// The sender's process ID, when known.
    public var pid: Int32?
    /// The sender's user ID, when known.
    public var uid: UInt32?
    /// `true` when the identity is only what the sender says about itself; `false` when the
    /// kernel vouched for it.
    public var isClaimed: Bool

    /// Describes a sender; by default its identity is merely claimed.
    /// - Parameters:
    ///   - name: The bundle name or executable path.
    ///   - pid: The process ID, when known.
    ///   - uid: The user ID, when known.
    ///   - isClaimed: `false` only when the kernel verified the identity.
    public init(name: String, pid: Int32? = nil, uid: UInt32? = nil, isClaimed: Bool = true) {
        self.name = name
        self.pid = pid
        self.uid = uid
        self.isClaimed = isClaimed
    }
}
