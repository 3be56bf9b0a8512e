/// The app that sent a URL, and how much of that is known for sure.
///
/// A sender may say who it is (``name``); the runtime may also learn the sending process's
/// ``pid`` and ``uid`` from the kernel (`SO_PEERCRED` on the wake socket). ``isClaimed`` tells
/// the two apart: treat a claimed identity as a hint, never as a credential.
///
/// Across a sandbox the kernel knows less: a sender in another PID namespace (another Flatpak
/// sandbox, or the host when this app runs in one) has no pid here, and its name is then
/// ``unknownSandboxed``; a sandboxed sender this app can see is named by its Flatpak app id
/// (``flatpakAppID``), never by the path of its executable inside the sandbox.
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
    /// The sender's Flatpak app id, read from its sandbox's `/.flatpak-info` (which the sandboxed
    /// app cannot change), when the sender runs in a Flatpak sandbox this app can see into;
    /// `nil` for a sender outside Flatpak or one that cannot be seen.
    public var flatpakAppID: String?

    /// The ``name`` of a sender the kernel cannot name: it runs in another PID namespace (a
    /// Flatpak sandbox, or the host while this app runs in one), so its pid here is 0.
    public static let unknownSandboxed = "unknown (sandboxed)"

    /// Describes a sender; by default its identity is merely claimed.
    /// - Parameters:
    ///   - name: The bundle name or executable path.
    ///   - pid: The process ID, when known.
    ///   - uid: The user ID, when known.
    ///   - isClaimed: `false` only when the kernel verified the identity.
    ///   - flatpakAppID: The Flatpak app id of a sandboxed sender, when it is known for sure.
    public init(name: String, pid: Int32? = nil, uid: UInt32? = nil, isClaimed: Bool = true, flatpakAppID: String? = nil) {
        self.name = name
        self.pid = pid
        self.uid = uid
        self.isClaimed = isClaimed
        self.flatpakAppID = flatpakAppID
    }
}
