internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import Glibc
public import SchemeRouterLifecycle

extension Application {
    /// Runs the app and never returns; the process exits with a documented `ExitStatus`.
    ///
    /// The arguments are the process's own, as raw bytes: `URL`, nothing, `--background`,
    /// `--quit` or `--help` (an app handles its own extra options before calling this). The
    /// manifest is the one the delegate's `SchemeRouterLifecycle/ApplicationDelegate/Request` type carries
    /// (`SchemeRouter/AppRequest/manifest`, embedded by the generator plugin): a sender reads only
    /// its bundle name, the primary compiles it once.
    ///
    /// ```swift
    /// Application.main { TodoListDelegate(store: TodoStore()) }
    /// Application.main(host: GLibRunLoop(start: { try GTK.start() })) { NotesDelegate() }
    /// ```
    ///
    /// - Parameters:
    ///   - settings: Deadlines and limits; each `SCHEMEROUTER_*` variable that is set overrides
    ///     its field.
    ///   - host: The run loop that drives the primary (GLib's, under GTK: `SchemeRouterGLib`);
    ///     `nil` runs libuv's own. Senders are decided before `host` does anything; only the
    ///     primary calls ``HostRunLoop/prepare(bundleName:)`` and then hands its loop to ``HostRunLoop/run(_:)``.
    ///   - makeDelegate: Creates the delegate; called only in the primary, after the socket is
    ///     bound, under the launch deadline.
    @MainActor
    @available(
        *, noasync,
        message: "Application.main runs the main thread's run loop and never returns: call it from a main.swift without top-level 'await' (or a synchronous @main), and start async work in a hook with Task"
    )
    public static func main<Delegate: ApplicationDelegate>(
        settings: ApplicationSettings = ApplicationSettings(), host: (any HostRunLoop)? = nil,
        makeDelegate: @escaping @MainActor () -> Delegate
    ) -> Never {
        signal(SIGPIPE, SIG_IGN)
        let factory = AppFactory(makeDelegate)
        let invocation = Invocation(manifest: factory.manifest)
        invocation.host = host
        do throws(RuntimeError) {
            let arguments = try InvocationArguments(InvocationArguments.raw)
            if let problem = settings.problem { throw .usage(problem) }
            invocation.settings = try RuntimeSettings(settings, environment: Sys.environment)
            invocation.run(arguments, factory: factory)
        } catch {
            invocation.fail(error)
        }
    }
}
