internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import CLibUV
internal import Glibc
public import SchemeRouter
public import SchemeRouterLifecycle

/// The entry point of an app built on SchemeRouter: single instance, launch or wake, the run
/// loop, signals, deadlines and tracing (Docs/Runtime.md).
///
/// An app's `main.swift` hands over its manifest and a delegate *factory*:
///
/// ```swift
/// Application.main(manifest: todolistManifestJSON, file: "Schemes/todolist.json") { declaration in
///     TodoListDelegate(declaration: declaration)
/// }
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

    /// Runs the app and never returns; the process exits with a documented `ExitStatus`.
    ///
    /// The arguments are the process's own, as raw bytes: `URL`, nothing, `--background`,
    /// `--quit` or `--help` (an app handles its own extra options before calling this).
    ///
    /// - Parameters:
    ///   - manifest: The app's manifest JSON, embedded in the executable (an installed app must
    ///     not depend on the working directory).
    ///   - file: The manifest's path in the source tree, for messages.
    ///   - settings: Deadlines and limits; each `SCHEMEROUTER_*` variable that is set overrides
    ///     its field.
    ///   - makeDelegate: Creates the delegate from the app's compiled declaration; called only in
    ///     the primary, after the socket is bound, under the launch deadline. Before anything is
    ///     served, the delegate's `SchemeRouter/ApplicationDelegate/Request` type is checked
    ///     against the manifest's routes: a mismatch ends the app with
    ///     `ExitStatus/requestTypeMismatch` (70) and the routes named.
    /// - Precondition: `manifest` is a valid manifest (it is the app's own, embedded data: test
    ///   it, as TodoList does).
    @MainActor
    @available(
        *, noasync,
        message: "Application.main runs the main thread's run loop and never returns: call it from a main.swift without top-level 'await' (or a synchronous @main), and start async work in a hook with Task"
    )
    public static func main<Delegate: ApplicationDelegate>(
        manifest: String, file: String, settings: ApplicationSettings = ApplicationSettings(),
        makeDelegate: @escaping @MainActor (SchemeDeclaration) -> Delegate
    ) -> Never {
        main(manifest: manifest, file: file, settings: settings, host: nil, makeDelegate: makeDelegate)
    }

    /// Runs the app inside another run loop (GLib's, under GTK: `SchemeRouterGLib`), and never
    /// returns. Senders are decided exactly as in ``main(manifest:file:settings:makeDelegate:)``,
    /// before `host` does anything; only the primary calls ``HostRunLoop/prepare(bundleName:)``
    /// and then hands its loop to ``HostRunLoop/run(_:)``.
    /// - Parameters:
    ///   - manifest: The app's manifest JSON, embedded in the executable.
    ///   - file: The manifest's path in the source tree, for messages.
    ///   - settings: Deadlines and limits; `SCHEMEROUTER_*` variables override them.
    ///   - host: The run loop that drives the primary; `nil` runs libuv's own.
    ///   - makeDelegate: Creates the delegate (in the primary only).
    @MainActor
    @available(
        *, noasync,
        message: "Application.main runs the main thread's run loop and never returns: call it from a main.swift without top-level 'await' (or a synchronous @main), and start async work in a hook with Task"
    )
    public static func main<Delegate: ApplicationDelegate>(
        manifest: String, file: String, settings: ApplicationSettings = ApplicationSettings(), host: (any HostRunLoop)?,
        makeDelegate: @escaping @MainActor (SchemeDeclaration) -> Delegate
    ) -> Never {
        signal(SIGPIPE, SIG_IGN)
        let invocation = Invocation(manifestText: manifest, file: file)
        invocation.host = host
        do throws(RuntimeError) {
            let arguments = try InvocationArguments(InvocationArguments.raw)
            if let problem = settings.problem { throw .usage(problem) }
            invocation.settings = try RuntimeSettings(settings, environment: Sys.environment)
            invocation.run(arguments, factory: AppFactory(makeDelegate))
        } catch {
            invocation.fail(error)
        }
    }
}
