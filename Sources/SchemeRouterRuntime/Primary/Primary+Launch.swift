internal import CLibUV
internal import Glibc
internal import SchemeRouter
internal import SchemeRouterLifecycle
internal import SchemeRouterSender
internal import SchemeRouterPlatform

/// What the invocation that became the primary asked for.
struct LaunchRequest: Sendable {
    /// The launch URL, already parsed and routed to the app's request.
    var routed: RoutedURL?
    /// The launch URL.
    var url: SchemeURL? { routed?.url }
    /// Who sent it.
    var source: SourceApplication?
    /// The sender's annotation.
    var annotation: String?
    /// The invoking process's activation token (removed from the environment).
    var activationToken: String?
    /// `--background`: launch without becoming active.
    var intoBackground = false
    /// The launch URL's delivery when it was queued first (a bus-activated launch): its verdict
    /// goes to the delivery's owner.
    var delivery: DeliveryID?
    /// Started by the session bus (`--gapplication-service`): wait for the first call.
    var byBus = false
    /// Why the app launches, when the door knows better than "a URL" or "plain" (a D-Bus
    /// activation or action, a restoration); `nil` lets ``LaunchOptions`` decide.
    var reason: LaunchReason?
    /// The invocation's other URLs (`app a.note b.note`), delivered in order right after the
    /// launch URL, before anything that arrived meanwhile; their verdicts follow the launch URL's.
    var following: [RoutedURL] = []
}

extension Primary {
    /// Runs the primary: collect what already arrived, launch, then serve until terminated.
    /// Exits the process.
    func run(_ request: LaunchRequest, factory: AppFactory) -> Never {
        do throws(UVError) {
            // A host run loop drains the main queue itself.
            if host == nil { try loop.drainMainQueue() }
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
        busDoor = BusDoor.open(for: self, awaitingLaunch: request.byBus) { [unowned self] in
            self.launch(self.launchRequestFromQueue(request), factory: factory)
        }
        loop.runOnce()
        loop.runOnce()
        if phase == .collecting && busDoor?.awaitingLaunch != true {
            launch(request, factory: factory)
        }
        if let host { host.run(RuntimeLoop(primary: self)) }
        loop.run()
        exit(exitStatus.rawValue)
    }

    /// The launch: delegate factory and launch hooks under the launch deadline, the launch
    /// URL, then the commands that waited (``performPendingCommands()``), every later hook under
    /// the hook deadline.
    func launch(_ request: LaunchRequest, factory: AppFactory) {
        phase = .launching
        // Watched from before the launch hooks read the settings, so no change after that is
        // missed; the loop reports changes once the launch is over.
        startSystemEventSources()
        watchdog.armLaunch(sink: launchSink?.descriptor)
        let configuration = LifecycleConfiguration(
            launchDeadline: settings.launchDeadline,
            backgroundDeadline: settings.backgroundDeadline,
            backgroundTaskAllowance: settings.backgroundTaskAllowance,
            exitsOnSuspend: app.manifest.exitsOnSuspend)
        let controller = factory.makeController(router.router, configuration)
        self.controller = controller
        Application.controller = controller
        controller.hookAnnouncer = { [unowned self] call in self.watchdog.announce(call) }
        controller.hookObserver = { [unowned self] record in self.observe(record) }
        controller.statePreservation = makeStatePreservation(for: controller.delegate)
        let launchDelivery = request.delivery ?? (request.url == nil ? nil : nextDelivery())
        currentSource = request.source
        currentToken = request.activationToken
        let outcome: LaunchOutcome
        do throws(LifecycleError) {
            outcome = try controller.launch(
                options: LaunchOptions(
                    url: request.url, sourceApplication: request.source, annotation: request.annotation,
                    activationToken: request.activationToken,
                    reason: request.reason ?? (request.intoBackground ? .background : nil)),
                routed: request.routed, delivery: launchDelivery, intoBackground: request.intoBackground)
        } catch {
            // The invocation refused a background launch of an app that exits on suspend.
            preconditionFailure("launch: \(error)")
        }
        currentSource = nil
        currentToken = nil
        guard watchdog.disarm() else { watchdog.park() }
        if let failure = outcome.failure {
            watchdog.abortLaunch(failure.description)
        }
        phase = .running
        let launchVerdict = outcome.results.first { $0.delivery == launchDelivery }.map(\.verdict)
        if request.following.isEmpty {
            launchSink?.deliver(launchVerdict ?? .launched)
        } else {
            launchSink?.write(launchVerdict ?? .launched, request: 0)
            invocationSink = launchSink
            invocationOwed = request.following.count
            let options = OpenOptions(sourceApplication: request.source, annotation: request.annotation)
            let following = request.following.enumerated().map { index, routed in
                AppCommand.open(
                    QueuedURL(routed: routed, options: options, delivery: nextDelivery()), owner: .invocation(index: index + 1), retryKey: nil)
            }
            pendingCommands.insert(contentsOf: following, at: 0)
        }
        launchSink = nil
        var launchConnection: Connection?
        if let owner = launchOwner {
            launchOwner = nil
            answer(owner, with: launchVerdict ?? .terminated)
            if case .socket(let connection, _) = owner { launchConnection = connection }
        }
        // The invocation's other URLs keep the sink: a hook of theirs that overruns is reported there.
        if invocationSink == nil { watchdog.sinkAnswered() }
        performPendingCommands()
        // The launch URL's connection reads again once the queue behind it is answered too.
        launchConnection?.replyDelivered()
        rearmBackgroundTimer()
    }

    /// The verdict of the launching invocation's URL number `index`, to the invoking process;
    /// the pipe closes after the last.
    func answerInvocation(_ verdict: DeliveryVerdict, index: Int) {
        invocationSink?.write(verdict, request: UInt32(index))
        invocationOwed -= 1
        if invocationOwed == 0 {
            watchdog.sinkAnswered()
            invocationSink?.close()
            invocationSink = nil
        }
    }

    /// After every hook: the watchdog's deadline ends, and the trace line.
    private func observe(_ record: HookRecord) {
        watchdog.hookReturned()
        let carriesURL = record.url != nil
        trace?.write(record, source: carriesURL ? currentSource : nil, token: carriesURL ? currentToken : nil)
    }

    /// The launch request of a bus-started primary: the first queued URL is the launch URL (its
    /// verdict goes to its owner); without one, the first `Activate`'s token is the launch's.
    func launchRequestFromQueue(_ base: LaunchRequest) -> LaunchRequest {
        var request = base
        request.byBus = false
        request.reason = .busActivation
        guard let index = pendingCommands.firstIndex(where: { if case .open = $0 { true } else { false } }),
            case .open(let first, let owner, _) = pendingCommands[index]
        else {
            for case .activate(let token, _) in pendingCommands where request.activationToken == nil {
                request.activationToken = token
            }
            return request
        }
        pendingCommands.remove(at: index)
        request.routed = first.routed
        request.source = first.options.sourceApplication
        request.annotation = first.options.annotation
        request.activationToken = first.options.activationToken
        request.delivery = first.delivery
        launchOwner = owner
        return request
    }
}
