internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import CLibUV
internal import Glibc
public import SchemeRouterLifecycle

/// The entry point of an app built on SchemeRouter: single instance, launch or wake, the run
/// loop, signals, deadlines and tracing (Docs/Runtime.md).
///
/// An app's `main.swift` hands over a delegate *factory*; the delegate's request type, generated
/// from the app's manifest, carries the manifest:
///
/// ```swift
/// Application.main { TodoListDelegate(store: TodoStore()) }
/// ```
///
/// Each invocation first decides whether it is a sender or the primary, before the delegate
/// (or anything heavy) exists: a sender hands its URL to the running primary over the app's
/// socket and exits with the verdict's status; the primary binds the socket, detaches from the
/// invoking process (which exits with the launch URL's verdict), creates the delegate, runs the
/// launch sequence and serves URLs until it is terminated.
public enum Application {
    /// The running app's one lifecycle controller, once the launch began, with or without
    /// scenes: for beginning and ending background tasks
    /// (`LifecycleController/beginBackgroundTask(name:expiration:)`), reading the app's state and,
    /// with scenes, its sessions and each scene's state and delegate. Set before the first hook
    /// runs, so every hook can use it; `nil` only in a sender, which runs no hook.
    @MainActor public internal(set) static var controller: LifecycleController?
}
