internal import CLibUV
internal import Glibc
internal import SchemeRouter

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
        openBusDoor(awaitingLaunch: request.byBus) { [unowned self] in
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
    /// URL, then the queued URLs one by one (each answered as soon as it is handled) and the
    /// queued control commands, every later hook under the hook deadline.
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
        let driver = factory.makeDriver(router.router, configuration)
        watchdog.enterLaunchStep("willFinishLaunching")
        self.driver = driver
        if let controller = driver as? LifecycleController {
            Application.controller = controller
            controller.hookObserver = { [unowned self] record in self.observe(record) }
        }
        if let scenes = driver as? SceneController {
            Application.sceneController = scenes
            scenes.hookObserver = { [unowned self] record in self.observe(record) }
        }
        driver.statePreservation = makeStatePreservation(for: driver.appDelegate)
        let launchDelivery = request.delivery ?? (request.url == nil ? nil : nextDelivery())
        // After didFinishLaunching, the hooks of the launch serve the invoking process's URL.
        launchHooksAfterFinishing =
            request.intoBackground ? ["didEnterBackground"] : (request.url == nil ? [] : ["open"]) + ["didBecomeActive"]
        currentSource = request.source
        currentToken = request.activationToken
        let outcome = driver.launchApp(
            options: LaunchOptions(
                url: request.url, sourceApplication: request.source, annotation: request.annotation,
                activationToken: request.activationToken,
                reason: request.reason ?? (request.intoBackground ? .background : nil)),
            routed: request.routed, delivery: launchDelivery, intoBackground: request.intoBackground)
        currentSource = nil
        currentToken = nil
        guard watchdog.disarm() else { watchdog.park() }
        if let failure = outcome.failure {
            watchdog.abortLaunch(failure.description)
        }
        phase = .running
        let launchVerdict = outcome.results.first { $0.delivery == launchDelivery }.map { WakeVerdict($0.verdict) }
        launchSink?.deliver(launchVerdict ?? .launched)
        launchSink = nil
        var answered: [Connection] = []
        if let launchDelivery, let owner = deliveryOwners.removeValue(forKey: launchDelivery) {
            answer(owner, with: launchVerdict ?? .terminated)
            if case .socket(let connection, _) = owner { answered.append(connection) }
        }
        watchdog.sinkAnswered()
        // The queued URLs, in arrival order, each answered at once. Their connections read
        // again only once all are answered, so nothing overtakes the queue.
        let queued = queuedDeliveries
        queuedDeliveries = []
        for pending in queued {
            guard let owner = deliveryOwners.removeValue(forKey: pending.delivery) else { continue }
            let id = deliveryRequestIDs.removeValue(forKey: pending.delivery)
            if case .socket(let connection, _) = owner {
                answered.append(connection)
                guard stillWanted(connection, id: id) else { continue }
            }
            let verdict = deliver(pending, owner: owner.descriptor)
            answer(owner, with: WakeVerdict(verdict))
            settle(id, WakeVerdict(verdict))
        }
        for connection in answered { connection.replyDelivered() }
        let controls = queuedControls
        queuedControls = []
        for (connection, control) in controls where phase == .running {
            perform(control, from: connection)
            connection.replyDelivered()
        }
        performQueuedBusCalls()
        rearmBackgroundTimer()
    }

    /// After every hook: the next hook's deadline, and the trace line.
    private func observe(_ record: HookRecord) {
        advanceWatchdog(after: record.hook.rawValue)
        trace?.write(record, source: record.hook == .open ? currentSource : nil, token: record.hook == .open ? currentToken : nil)
    }

    /// After every hook of a scene app: the next hook's deadline, and the trace line (with the
    /// scene's session).
    private func observe(_ record: SceneHookRecord) {
        advanceWatchdog(after: record.hook.rawValue)
        let carriesURL = record.url != nil
        trace?.write(record, source: carriesURL ? currentSource : nil, token: carriesURL ? currentToken : nil)
    }

    /// The launch steps move the launch watch along; any other hook restarts the hook deadline.
    private func advanceWatchdog(after hook: String) {
        guard phase == .launching else {
            watchdog.hookReturned()
            return
        }
        switch hook {
        case Hook.willFinishLaunching.rawValue: watchdog.enterLaunchStep("restoreState")
        case Hook.restoreState.rawValue: watchdog.enterLaunchStep("didFinishLaunching")
        case Hook.didFinishLaunching.rawValue:
            // The launch hooks are done: from here on each hook has the hook deadline.
            watchdog.armHook(launchHooksAfterFinishing, owner: nil)
        default: watchdog.hookReturned()
        }
    }
}
