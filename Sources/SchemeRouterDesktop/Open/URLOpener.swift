internal import SchemeRouterPlatform
internal import Glibc
internal import SchemeRouter
internal import SchemeRouterSender
internal import SchemeRouterLifecycle

/// Sends URLs to the apps that handle them: the desktop counterpart of UIKit's `openURL:` and
/// `canOpenURL:`.
///
/// ``open(_:options:)`` checks the URL with SchemeRouter's strict parser, finds the default
/// handler of its scheme through the XDG lookup (``DesktopDatabase/defaultHandler(for:)``), and then:
/// - for a SchemeRouter app (its desktop file has `X-SchemeRouter-BundleName`) whose primary is
///   running, hands the URL straight to it over its socket and returns its verdict (fast path);
/// - otherwise starts the handler's `Exec` with `posix_spawn` — never a shell — with the URL as
///   exactly one argument (``ExecLine/arguments(exec:url:name:icon:desktopFilePath:)``), in a
///   session of its own with standard input and output on `/dev/null`. A SchemeRouter app is
///   told who sent the URL (`SCHEMEROUTER_SOURCE_APPLICATION`) and is waited for: it reports its
///   verdict on the pipe named by `SCHEMEROUTER_VERDICT_FD` (the runtime's `VerdictPipe`), or
///   failing that by its exit status. Any other app gets the URL and `DeliveryVerdict/delivered`.
///
/// The fast path finds the app's socket through this process's own `XDG_RUNTIME_DIR` (the
/// runtime reads the process environment), so it is taken only when ``environment`` has the same
/// `XDG_RUNTIME_DIR`; otherwise the launched handler (which gets ``environment``) wakes the primary.
/// An app installed as a Flatpak (its exported desktop file has `X-Flatpak=<app id>`) is woken
/// in `$XDG_RUNTIME_DIR/app/<app id>/`, where its sandboxed primary listens; launching it runs
/// the exported `Exec` (`flatpak run … --file-forwarding <app id> @@u %u @@`), and the verdict
/// comes back the same way (the pipe passes into the sandbox).
///
/// Inside a Flatpak sandbox neither the host's handlers nor their sockets are visible: every URL
/// goes to the desktop's OpenURI portal, every file to its `OpenFile` (with the activation token, and `ask` when
/// ``OpenURLOptions/askForChooser`` is set), and the verdict is what the portal can know:
/// `DeliveryVerdict/delivered` (a handler was started) or `DeliveryVerdict/notOpened(_:)`.
/// ``canOpen(_:)`` there only checks the URL: the portal (xdg-desktop-portal 1.16) cannot be
/// asked whether a handler exists without opening.
public struct URLOpener: Sendable {
    /// The environment lookups use and launched handlers inherit.
    public let environment: ProcessEnvironment
    /// The desktop database the handler comes from.
    public let database: DesktopDatabase

    /// An opener for the XDG directories of `environment` (by default this process's).
    public init(environment: ProcessEnvironment = .current()) throws(XDGError) {
        self.environment = environment
        database = try DesktopDatabase(environment: environment)
    }

    /// Whether some application would take `url`: it is a valid URL and its scheme has a
    /// launchable default handler; for a `file:` URL, ``canOpenFile(_:)`` of its path. Nothing is
    /// started. Inside a Flatpak sandbox only the URL is checked: the host's handlers cannot be
    /// seen from there, and the portal decides on `open`.
    public func canOpen(_ url: String) -> Bool {
        guard let parsed = try? SchemeURL(url) else { return false }
        if FileURL.isFileURL(parsed) { return (try? FileURL.path(of: parsed)).map { canOpenFile($0.path) } ?? false }
        if FlatpakSandbox.current != nil { return true }
        return database.defaultHandler(for: "x-scheme-handler/" + parsed.scheme.lowercased()) != nil
    }

    /// Sends `url` to its handler and reports what became of it; a `file:` URL is
    /// ``openFile(_:options:)`` of its path.
    public func open(_ url: String, options: OpenURLOptions = OpenURLOptions()) -> OpenResult {
        let parsed: SchemeURL
        do { parsed = try SchemeURL(url) } catch {
            return OpenResult(
                verdict: .rejected(code: error.code, offset: error.offset, message: error.message), handler: nil, route: .none)
        }
        if FileURL.isFileURL(parsed) {
            do { return openFile(try FileURL.path(of: parsed).path, options: options) } catch {
                return OpenResult(verdict: DeliveryVerdict(error), handler: nil, route: .none)
            }
        }
        if FlatpakSandbox.current != nil {
            // The portal's answer is the hand-over itself, awaited with or without waitForVerdict.
            let verdict = OpenURIPortal.open(
                url, activationToken: options.activationToken, ask: options.askForChooser, timeout: options.timeout,
                busAddress: environment["DBUS_SESSION_BUS_ADDRESS"])
            return OpenResult(verdict: verdict, handler: nil, route: .portal)
        }
        let scheme = parsed.scheme.lowercased()
        guard let handler = database.defaultHandler(for: "x-scheme-handler/" + scheme) else {
            return OpenResult(verdict: .noHandler(scheme: scheme), handler: nil, route: .none)
        }
        let source = options.sourceApplication ?? Self.executableName
        if options.waitForVerdict, sharesRuntimeDirectory, let bundleName = handler.file.entry.bundleName,
            let verdict = PrimaryWake.send(
                url: url, to: bundleName, flatpakApp: handler.file.entry.flatpakAppID, source: source, options: options)
        {
            return OpenResult(verdict: verdict, handler: handler, route: .woken)
        }
        return OpenResult(verdict: launch(url, handler: handler, source: source, options: options), handler: handler, route: .launched)
    }

    /// Whether ``environment`` names this process's runtime directory: only then can the fast
    /// path (which reads this process's `XDG_RUNTIME_DIR`) find the primary the caller means.
    var sharesRuntimeDirectory: Bool {
        environment["XDG_RUNTIME_DIR"] == ProcessEnvironment.current()["XDG_RUNTIME_DIR"]
    }

    /// Starts the handler's `Exec` with the URL.
    func launch(_ url: String, handler: DefaultHandler, source: String, options: OpenURLOptions) -> DeliveryVerdict {
        let entry = handler.file.entry
        let arguments: [String]
        do {
            arguments = try ExecLine.arguments(
                exec: entry.exec ?? "", url: url, name: entry.name, icon: entry.string("Icon"),
                desktopFilePath: handler.file.path)
        } catch {
            return .launchFailed("\(handler.file.path): \(error)")
        }
        let program = arguments[0]
        guard let executable = environment.which(program) else {
            return .launchFailed("\(program) (the Exec of \(handler.file.id)) does not exist or is not executable")
        }
        let isSchemeRouterApp = entry.bundleName != nil
        let waits = isSchemeRouterApp && options.waitForVerdict
        var childEnvironment = environment
        // A token is valid once: only the one meant for this URL reaches the launched app.
        for name in ActivationToken.environmentVariables { childEnvironment[name] = options.activationToken }
        if isSchemeRouterApp {
            childEnvironment["SCHEMEROUTER_SOURCE_APPLICATION"] = source
            childEnvironment["SCHEMEROUTER_ANNOTATION"] = options.annotation
            if let busyRetry = options.busyRetry {
                // The runtime reads at most a day.
                childEnvironment["SCHEMEROUTER_BUSY_RETRY_MS"] = String(min(Sys.milliseconds(busyRetry), 86_400_000))
            }
        }
        // The app writes its verdict frame to SCHEMEROUTER_VERDICT_FD whether it became the
        // primary or woke one; its exit status says the same for apps that do not.
        var pipe: VerdictPipe?
        if waits {
            do {
                let created = try VerdictPipe()
                // Close-on-exec here, so that no other process this one starts meanwhile keeps the
                // write end (and the end of file) away; the child gets its own copy below.
                _ = fcntl(created.childDescriptor, F_SETFD, FD_CLOEXEC)
                childEnvironment["SCHEMEROUTER_VERDICT_FD"] = String(created.childDescriptor)
                pipe = created
            } catch {
                return .launchFailed(error.description)
            }
        }
        let process: ChildProcess.Running
        do {
            process = try ChildProcess.start(
                arguments.map { Array($0.utf8) }, executable: executable, environment: childEnvironment.entries,
                output: .discard, passing: pipe.map { [($0.childDescriptor, $0.childDescriptor)] } ?? [], newSession: true)
        } catch {
            return .launchFailed(error.description)
        }
        guard let pipe else {
            process.reapInBackground()
            return .delivered
        }
        let deadline = Sys.monotonicNow() + options.timeout
        let verdict = pipe.awaitVerdict(timeout: options.timeout)
        guard case .launchFailed = verdict else {
            process.reapInBackground()
            return verdict
        }
        // No verdict frame: the process's exit status is its verdict.
        let remaining = max(deadline - Sys.monotonicNow(), .milliseconds(1))
        switch process.wait(deadline: remaining).termination {
        case .exited(let status): return Self.verdict(exitStatus: status)
        case .signalled(let signal): return .launchFailed("\(program) was killed by signal \(signal) before it answered")
        case .timedOut: return .noAnswer("\(program) gave no verdict within \(options.timeout)")
        }
    }

    /// The verdict a SchemeRouter app's exit status stands for (the runtime's `ExitStatus` table).
    static func verdict(exitStatus: Int32) -> DeliveryVerdict {
        switch ExitStatus(rawValue: exitStatus) {
        case .success: .handled
        case .declined: .declined
        case .rejected: .rejected(code: "rejected-by-app", offset: 0, message: "the app rejected the URL")
        case .openFailed: .openFailed("the app's open threw")
        case .launchFailed: .launchFailed("the app exited before it answered")
        case .launchTimedOut: .launchTimedOut
        case .terminated: .terminated
        case .noAnswer: .noAnswer("the app got no answer from its primary")
        case .hookTimedOut: .hookTimedOut("a hook of the app overran its deadline")
        case .unresponsive: .unresponsive("the app's primary did not acknowledge the URL in time")
        case .busy: .busy("the app's primary was busy (connection or descriptor limit) on every try; the URL was not delivered")
        case .runtimeDirectoryRefused: .refused("the app refused its runtime directory or socket")
        case .protocolError: .protocolError("the app reported a protocol error")
        case .notOpened: .notOpened("the app's OpenURI portal did not open the URL")
        default: .launchFailed("the app exited with status \(ExitStatus(rawValue: exitStatus))")
        }
    }

    /// The name of this executable (the default ``OpenURLOptions/sourceApplication``).
    static var executableName: String {
        let path = CommandLine.arguments.first ?? "unknown"
        return FileSystem.split(path).name
    }
}
