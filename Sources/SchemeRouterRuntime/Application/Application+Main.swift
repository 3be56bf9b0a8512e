internal import SchemeRouter
internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import Glibc
public import SchemeRouterLifecycle

extension Application {
    /// Runs the app and never returns; the process exits with a documented `ExitStatus`.
    ///
    /// The arguments are the process's own, as raw bytes: `URL`, nothing, `--background`,
    /// `--quit`, `--manifest` or `--help` (which prints the runtime's part of the help,
    /// ``RuntimeHelp``). An app with options of its own declares them with ``main(options:settings:host:makeDelegate:)``.
    /// The manifest is the one the delegate's `SchemeRouterLifecycle/ApplicationDelegate/Request`
    /// type carries (`SchemeRouter/AppRequest/manifest`, embedded by the generator plugin): a sender
    /// reads only its bundle name, the primary compiles it once.
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
        main(options: RuntimeOptionsOnly.self, settings: settings, host: host) { _ in makeDelegate() }
    }

    /// Runs an app with options of its own beside the runtime's, and its own `--help`; never
    /// returns.
    ///
    /// The declarations are checked first (``AppOptions/checkDeclarations()``: an option named
    /// like one of the runtime's is an ``AppOptionsError``, exit 64). Then the app's options are
    /// taken from the arguments wherever they stand, and the rest are the runtime's: a URL,
    /// `--background`, `--quit`, …; anything else is a usage error (exit 64). `--help` prints
    /// ``AppOptions/help(_:)`` with this app's ``RuntimeHelp`` and exits 0. Otherwise
    /// ``AppOptions/run()`` runs, and unless it ends the process, the invocation goes on as in
    /// ``main(settings:host:makeDelegate:)``, with the options handed to `makeDelegate`.
    ///
    /// ```swift
    /// Application.main(options: TodoListOptions.self) { options in TodoListDelegate(store: TodoStore()) }
    /// ```
    ///
    /// - Parameters:
    ///   - options: The app's options type.
    ///   - settings: Deadlines and limits (``main(settings:host:makeDelegate:)``).
    ///   - host: The run loop that drives the primary.
    ///   - makeDelegate: Creates the delegate from this invocation's options; called only in the
    ///     primary (a running app does not see a later invocation's options).
    @MainActor
    @available(
        *, noasync,
        message: "Application.main runs the main thread's run loop and never returns: call it from a main.swift without top-level 'await' (or a synchronous @main), and start async work in a hook with Task"
    )
    public static func main<Options: AppOptions, Delegate: ApplicationDelegate>(
        options: Options.Type, settings: ApplicationSettings = ApplicationSettings(), host: (any HostRunLoop)? = nil,
        makeDelegate: @escaping @MainActor (Options) -> Delegate
    ) -> Never {
        signal(SIGPIPE, SIG_IGN)
        let invocation = Invocation(manifest: Delegate.Request.manifest)
        invocation.host = host
        do throws(AppOptionsError) {
            try Options.checkDeclarations()
        } catch {
            Log.error(error.description)
            exit(ExitStatus.usage.rawValue)
        }
        // Only `--help` asks: a dynamic cast scans every conformance record of the binary.
        invocation.help = { Options.help(invocation.runtimeHelp(restoresState: Delegate.self is any StateRestorationDelegate.Type)) }
        do throws(RuntimeError) {
            let split = try AppArguments<Options>(InvocationArguments.raw)
            let arguments = try InvocationArguments(split.runtime)
            if arguments != .help, let status = split.options.run() { exit(status.rawValue) }
            if let problem = settings.problem { throw .usage(problem) }
            invocation.settings = try RuntimeSettings(settings, environment: Sys.environment)
            let parsed = split.options
            invocation.run(arguments, factory: AppFactory { makeDelegate(parsed) })
        } catch {
            invocation.fail(error)
        }
    }
}
