public import SchemeRouter

/// The object that manages one scene (one window): the counterpart of `UISceneDelegate`.
///
/// A ``LifecycleController`` creates one per scene with
/// ``SceneApplicationDelegate/makeSceneDelegate(for:)`` and calls these hooks on the main actor,
/// one at a time. ``openURLContexts(_:)`` has no default: a scene delegate says what it does with
/// the URLs sent to it, or it does not compile. Every other hook has a default (nothing to do, no
/// content, not preserved).
@MainActor
public protocol SceneDelegate<Request>: AnyObject {
    /// The app's routes as one type: the app delegate's ``ApplicationDelegate/Request``.
    associatedtype Request: AppRequest

    /// The content this scene shows, matched against ``SceneTarget/content(_:)`` (UIKit's
    /// activation conditions): a note window answers `["note/42"]`.
    var targetContentIdentifiers: Set<String> { get }

    /// Set to preserve this scene with the app's state; `nil` (the default) keeps it out of the
    /// archive, as UIKit preserves only objects with a restoration identifier.
    var restorationIdentifier: String? { get }

    /// The scene is being connected (`unattached`). `options` says why: the URL that caused it,
    /// or that it is being restored.
    /// - Throws: When the scene cannot show the URL in `options`; the URL's sender is told why.
    ///   The scene is connected anyway.
    func willConnect(to session: SceneSession, options: SceneConnectionOptions<Request>) throws

    /// The scene was disconnected and is `unattached`; its session is kept.
    func didDisconnect()

    /// The scene is now `foregroundActive` (its window has focus).
    func didBecomeActive()

    /// The scene is about to leave `foregroundActive` for `foregroundInactive`.
    func willResignActive()

    /// The scene is about to leave `background` (or `suspended`) for `foregroundInactive`.
    func willEnterForeground()

    /// The scene is now in the `background`.
    func didEnterBackground()

    /// Opens a URL in this already connected scene (UIKit's `scene(_:openURLContexts:)`), one URL
    /// per call because each has its own sender waiting for the verdict. No default.
    /// - Parameter context: The URL, routed and read as the app's request, and who sent it.
    /// - Returns: `true` when the scene handled the URL, `false` when it declines it.
    /// - Throws: Any error; the sender is told its description.
    func openURLContexts(_ context: SceneURLContext<Request>) throws -> Bool

    /// Writes this scene's state for the next launch; called only when
    /// ``restorationIdentifier`` is set.
    func encodeRestorableState(_ coder: inout RestorationCoder)

    /// Reads the state this scene preserved in the previous launch, right after it reconnected.
    /// - Throws: When the state cannot be used; the whole archive is then discarded.
    func decodeRestorableState(_ coder: RestorationCoder) throws
}

/// Default scene hooks: no content, not preserved, every hook does nothing. `openURLContexts` has none.
extension SceneDelegate {
    /// No content.
    public var targetContentIdentifiers: Set<String> { [] }
    /// Not preserved.
    public var restorationIdentifier: String? { nil }
    /// Does nothing.
    public func willConnect(to session: SceneSession, options: SceneConnectionOptions<Request>) throws {}
    /// Does nothing.
    public func didDisconnect() {}
    /// Does nothing.
    public func didBecomeActive() {}
    /// Does nothing.
    public func willResignActive() {}
    /// Does nothing.
    public func willEnterForeground() {}
    /// Does nothing.
    public func didEnterBackground() {}
    /// Writes nothing.
    public func encodeRestorableState(_ coder: inout RestorationCoder) {}
    /// Reads nothing.
    public func decodeRestorableState(_ coder: RestorationCoder) throws {}
}
