public import SchemeRouter

/// The object an app gives SchemeRouter to learn about its life cycle and to open URLs: the
/// counterpart of `UIApplicationDelegate`.
///
/// A ``LifecycleController`` calls these hooks on the main actor, one at a time, in the orders
/// described in its documentation. ``open(_:options:)`` has no default: a delegate that does not
/// implement it exactly (not misspelled, not `async`) does not compile. Every other hook has a
/// default (the launch hooks return `true`; the rest do nothing), so an app implements only what
/// it needs.
///
/// `open` receives the URL already routed and read as the app's ``Request`` type; URLs the
/// parser rejects, that match no route or carry an invalid value never reach it. Hooks are
/// synchronous, as UIKit's are: to start async work, begin a background task and end it when
/// the work is done:
///
/// ```swift
/// let task = try controller.beginBackgroundTask { /* expired: stop the work */ }
/// Task { @MainActor in
///     await upload()
///     try? controller.endBackgroundTask(task)
/// }
/// ```
///
/// While a hook runs, ``LifecycleController/state`` is the state the app is in during that
/// step: `will…` hooks run before the state changes, `did…` hooks after it changed.
@MainActor
public protocol ApplicationDelegate: AnyObject {
    /// The app's routes as one type: what ``open(_:options:)`` receives.
    associatedtype Request: AppRequest

    /// The first launch hook: the app is `inactive` (or `background` when launched into the
    /// background). Return `false` to refuse the launch URL in `options`; launching goes on.
    /// - Parameter options: Why the app is launching.
    /// - Returns: `false` to keep ``open(_:options:)`` from receiving `options.url`.
    func willFinishLaunching(options: LaunchOptions) -> Bool

    /// The second launch hook, after state restoration (see ``StateRestorationDelegate``). Return
    /// `false` to refuse the launch URL.
    /// - Parameter options: The same options ``willFinishLaunching(options:)`` received.
    /// - Returns: `false` to keep ``open(_:options:)`` from receiving `options.url`.
    func didFinishLaunching(options: LaunchOptions) -> Bool

    /// Opens a URL sent to the app, at launch or while it runs. No default: every app says what
    /// it does with its URLs.
    /// - Parameters:
    ///   - request: The URL, validated, routed and read as the app's request.
    ///   - options: The URL as received, who sent it, and what they attached.
    /// - Returns: `true` when the app handled the URL, `false` when it declines it.
    /// - Throws: Any error; the sender is told its description.
    func open(_ request: Request, options: OpenOptions) throws -> Bool

    /// The app is now `active`.
    func didBecomeActive()

    /// The app is about to leave `active` for `inactive`.
    func willResignActive()

    /// The app is now in the `background`; its background deadline has started.
    func didEnterBackground()

    /// The app is about to leave the `background` (or `suspended`) for the foreground.
    func willEnterForeground()

    /// The app is about to terminate. Not called when the app is `suspended`.
    func willTerminate()

    /// A launcher asked for one of the manifest's `actions` (a desktop menu item, a
    /// notification button). Return `false` to decline it; the default declines.
    func performAction(_ action: AppAction) -> Bool

    /// The wall clock was set or jumped (UIKit's `applicationSignificantTimeChange`). While the
    /// app was away this comes once, on its return, before `willEnterForeground`.
    func significantTimeChange()

    /// The system time zone changed (Foundation's `NSSystemTimeZoneDidChange`).
    /// - Parameters:
    ///   - from: The zone before (for queued changes, before the first change).
    ///   - to: The zone now.
    func systemTimeZoneDidChange(from: String, to: String)

    /// The user's locale changed (Foundation's `NSCurrentLocaleDidChange`).
    /// - Parameters:
    ///   - from: The locale before (for queued changes, before the first change).
    ///   - to: The locale now.
    func currentLocaleDidChange(from: String, to: String)

    /// The system is short of memory (UIKit's `applicationDidReceiveMemoryWarning`): release
    /// what can be rebuilt.
    func didReceiveMemoryWarning()
}
