internal import CLibUV
internal import Glibc
internal import SchemeRouter

/// What the invocation that became the primary asked for.
struct LaunchRequest: Sendable {
    /// The launch URL, already parsed and checked against the app's schemes.
    var url: SchemeURL?
    /// Who sent it.
    var source: SourceApplication?
    /// The sender's annotation.
    var annotation: String?
    /// `--background`: launch without becoming active.
    var intoBackground = false
}

extension Primary {
    /// Runs the primary: collect what already arrived, launch, then serve until terminated.
    /// Exits the process.
    func run(_ request: LaunchRequest, makeDelegate: @MainActor (SchemeDeclaration) -> any ApplicationDelegate) -> Never {
        do throws(UVError) {
            try loop.drainMainQueue()
            try watchSignals()
            let timer = UVHandle.allocate(uv_timer_t.self)
            try UV.check(uv_timer_init(loop.raw, timer), "uv_timer_init")
            timer.pointee.data = Unmanaged.passUnretained(self).toOpaque()
            uv_unref(UVHandle.handle(timer))
            backgroundTimer = timer
        } catch {
            Log.error("cannot start the run loop: \(error)")
            exit(ExitStatus.systemError.rawValue)
        }
        // URLs that arrived between binding and now are queued for the launch.
        loop.runOnce()
        loop.runOnce()
        if phase == .collecting {
            launch(request, makeDelegate: makeDelegate)
        }
        loop.run()
        exit(exitStatus.rawValue)
    }

    /// The launch: delegate factory and launch hooks under the watchdog, then the launch URL
    /// and the queued URLs, then the queued control commands.
    private func launch(_ request: LaunchRequest, makeDelegate: @MainActor (SchemeDeclaration) -> any ApplicationDelegate) {
        phase = .launching
        watchdog.arm(
            timeout: settings.launchDeadline, sink: launchSink?.descriptor,
            connections: connections.values.filter { !$0.isClosing }.map(\.descriptor))
        let declaration: SchemeDeclaration
        do throws(ManifestError) {
            declaration = try SchemeDeclaration(app.manifest)
        } catch {
            preconditionFailure("the embedded manifest's routes are invalid: \(error)")
        }
        let delegate = makeDelegate(declaration)
        watchdog.enter(.willFinishLaunching)
        let configuration = LifecycleConfiguration(
            launchDeadline: settings.launchDeadline,
            backgroundDeadline: settings.backgroundDeadline,
            backgroundTaskAllowance: settings.backgroundTaskAllowance)
        let controller = LifecycleController(delegate: delegate, clock: MonotonicClock(), configuration: configuration)
        self.controller = controller
        Application.controller = controller
        controller.hookObserver = { [unowned self] record in self.observe(record) }
        let launchDelivery = request.url == nil ? nil : nextDelivery()
        let outcome: LaunchOutcome
        do throws(LifecycleError) {
            outcome = try controller.launch(
                options: LaunchOptions(url: request.url, sourceApplication: request.source, annotation: request.annotation),
                delivery: launchDelivery, queued: queuedDeliveries, intoBackground: request.intoBackground)
        } catch {
            preconditionFailure("launch: \(error)")
        }
        guard watchdog.disarm() else { watchdog.park() }
        if let failure = outcome.failure {
            watchdog.abort(failure.description)
        }
        phase = .running
        queuedDeliveries = []
        if launchDelivery == nil {
            launchSink?.deliver(.launched)
            launchSink = nil
        }
        for result in outcome.results {
            if result.delivery == launchDelivery {
                launchSink?.deliver(WakeVerdict(result.verdict))
                launchSink = nil
            } else if let owner = deliveryOwners.removeValue(forKey: result.delivery) {
                reply(WakeVerdict(result.verdict), to: owner.request, on: owner.connection)
                owner.connection.replyDelivered()
            }
        }
        let controls = queuedControls
        queuedControls = []
        for (connection, control) in controls where phase == .running {
            perform(control, from: connection)
            connection.replyDelivered()
        }
        rearmBackgroundTimer()
    }

    /// After every hook: the trace line, and the launch watchdog's bookkeeping.
    private func observe(_ record: HookRecord) {
        trace?.write(record)
        guard phase == .launching else { return }
        switch record.hook {
        case .willFinishLaunching: watchdog.enter(.restoreState)
        case .restoreState: watchdog.enter(.didFinishLaunching)
        case .didFinishLaunching:
            // The launch hooks are done: from here on the main thread owns the outcome.
            if !watchdog.disarm() { watchdog.park() }
        default: break
        }
    }
}
