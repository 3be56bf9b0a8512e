internal import CSchemeRouterLinux
internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import CLibUV
internal import Glibc
internal import SchemeRouter
internal import SchemeRouterLifecycle

extension Primary {
    /// Opens the D-Bus door when there is a session bus; without one (or with the name taken)
    /// the socket door serves alone, and a bus-started primary says why and launches anyway.
    /// - Parameters:
    ///   - awaitingLaunch: Started by the bus: launch on the first request (its URL the launch
    ///     URL), or after the launch deadline with none.
    ///   - startLaunch: Runs the launch.
    func openBusDoor(awaitingLaunch: Bool, startLaunch: @escaping @MainActor () -> Void) {
        guard environment("SCHEMEROUTER_DBUS") != "0" else { return }
        let door = BusDoor(names: BusNames(bundleName: app.name))
        do throws(BusError) {
            try connectBus(door)
        } catch {
            if awaitingLaunch { Log.error("D-Bus activation unavailable: \(error)") }
            return
        }
        busDoor = door
        door.clock = BusCallClock(
            loop: loop, window: BusDoor.callWindow(hookDeadline: settings.hookDeadline),
            descriptor: { [unowned door] in door.connection?.descriptor },
            fence: { [unowned door] done in
                guard let connection = door.connection else { return done() }
                connection.callDaemon("GetId", argument: nil) { _ in done() }
            })
        guard awaitingLaunch else { return }
        door.awaitingLaunch = true
        let timer = UVHandle.allocate(uv_timer_t.self)
        UV.expect(uv_timer_init(loop.raw, timer), "uv_timer_init")
        timer.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        door.launchTimer = timer
        door.startLaunch = startLaunch
        let milliseconds = UInt64(max(1, Sys.milliseconds(settings.launchDeadline)))
        UV.expect(uv_timer_start(timer, { timer in
            MainActor.assumeIsolated {
                guard let timer, let data = timer.pointee.data else { return }
                Unmanaged<Primary>.fromOpaque(data).takeUnretainedValue().launchFromBus()
            }
        }, milliseconds, 0), "uv_timer_start")
    }

    /// Connects the door to the session bus: its name, its object, its calls.
    private func connectBus(_ door: BusDoor) throws(BusError) {
        door.connection = try BusConnection(
            loop: loop, name: door.names.busName, objectPath: door.names.objectPath,
            handler: { [unowned self] message in self.handleBusCall(message) })
        door.connection?.onDisconnect = { [unowned self] reason in self.busLost(reason) }
    }

    /// A request arrived while a bus-started primary waits: launch as soon as the current
    /// callback returns (so the request's whole call is queued first).
    func busLaunchRequested() {
        guard let door = busDoor, door.awaitingLaunch, let timer = door.launchTimer else { return }
        UV.expect(uv_timer_start(timer, { timer in
            MainActor.assumeIsolated {
                guard let timer, let data = timer.pointee.data else { return }
                Unmanaged<Primary>.fromOpaque(data).takeUnretainedValue().launchFromBus()
            }
        }, 0, 0), "uv_timer_start")
    }

    private func launchFromBus() {
        guard let door = busDoor, door.awaitingLaunch, phase == .collecting else { return }
        door.awaitingLaunch = false
        if let timer = door.launchTimer {
            door.launchTimer = nil
            uv_close(UVHandle.handle(timer)) { handle in if let handle { UVHandle.free(handle) } }
        }
        let launch = door.startLaunch
        door.startLaunch = nil
        launch?()
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

    /// The bus connection broke: the socket door goes on, and the door connects again (at once,
    /// then after growing pauses up to 10 s while there is no bus). The daemon has answered the
    /// calls still owed a reply (`NoReply`), so their URIs not yet started are not delivered.
    private func busLost(_ reason: String) {
        guard let door = busDoor else { return }
        Log.error("lost the session bus (\(reason)); the socket door still serves; connecting again")
        door.connection = nil
        abandonBusCalls(door)
        door.callerLookups = [:]
        door.callers = [:]
        if door.awaitingLaunch { launchFromBus() }
        door.reconnectDelay = .zero
        scheduleBusReconnect(door)
    }

    /// Tries to connect again after ``BusDoor/reconnectDelay``.
    private func scheduleBusReconnect(_ door: BusDoor) {
        let timer = door.reconnectTimer ?? UVHandle.allocate(uv_timer_t.self)
        if door.reconnectTimer == nil {
            UV.expect(uv_timer_init(loop.raw, timer), "uv_timer_init")
            timer.pointee.data = Unmanaged.passUnretained(self).toOpaque()
            uv_unref(UVHandle.handle(timer))
            door.reconnectTimer = timer
        }
        UV.expect(uv_timer_start(timer, { timer in
            MainActor.assumeIsolated {
                guard let timer, let data = timer.pointee.data else { return }
                Unmanaged<Primary>.fromOpaque(data).takeUnretainedValue().reconnectBus()
            }
        }, UInt64(Sys.milliseconds(door.reconnectDelay)), 0), "uv_timer_start")
    }

    private func reconnectBus() {
        guard let door = busDoor, door.connection == nil, phase != .terminating else { return }
        do throws(BusError) {
            try connectBus(door)
            Log.error("connected to the session bus again as \(door.names.busName)")
        } catch {
            door.reconnectDelay = min(max(door.reconnectDelay * 2, .milliseconds(100)), .seconds(10))
            scheduleBusReconnect(door)
        }
    }

    /// Closes the door at termination: owed calls are answered `Terminated`, then the
    /// connection is flushed and closed.
    func closeBusDoor() {
        guard let door = busDoor else { return }
        for message in door.callerLookups.values.joined().map(\.message) {
            message.reply(error: door.names.errorName(for: .terminated), message: "\(app.name) is terminating")
        }
        door.callerLookups = [:]
        finishBusWork(door, .verdict(.terminated))
        for timer in [door.launchTimer, door.reconnectTimer].compactMap({ $0 }) {
            uv_close(UVHandle.handle(timer)) { handle in if let handle { UVHandle.free(handle) } }
        }
        door.launchTimer = nil
        door.reconnectTimer = nil
        door.clock?.close()
        door.clock = nil
        door.connection?.close()
        door.connection = nil
    }

    // MARK: Calls

    /// One method call on the door's object; `true` when handled (answered now or later), `false`
    /// to let libdbus answer (unknown method).
    fileprivate func handleBusCall(_ message: BusMessage) -> Bool {
        guard let door = busDoor else { return false }
        let since = door.clock?.since ?? Sys.monotonicNow()
        switch (message.interface, message.member) {
        case ("org.freedesktop.DBus.Introspectable", "Introspect"):
            message.reply(string: BusNames.introspection)
        case (BusNames.interface, "Open"):
            guard message.signature == "asa{sv}", let uris = message.readStringArray(),
                let platformData = message.readPlatformData()
            else {
                message.reply(error: BusNames.invalidArguments, message: "Open takes (as uris, a{sv} platform_data)")
                return true
            }
            withCaller(of: message, door: door) { [unowned self] caller in
                self.open(uris, platformData: platformData, caller: caller, message: message, door: door, since: since)
            }
        case (BusNames.interface, "Activate"):
            guard message.signature == "a{sv}", let platformData = message.readPlatformData() else {
                message.reply(error: BusNames.invalidArguments, message: "Activate takes (a{sv} platform_data)")
                return true
            }
            withCaller(of: message, door: door) { [unowned self] _ in
                self.submitBusCommand(
                    .activate(activationToken: self.activationToken(platformData), caller: .bus(message)), message: message,
                    since: since)
            }
        case (BusNames.interface, "ActivateAction"):
            guard message.signature == "sava{sv}", let name = message.readString(),
                let parameters = message.readVariants(), message.readPlatformData() != nil
            else {
                message.reply(
                    error: BusNames.invalidArguments,
                    message: "ActivateAction takes (s action_name, av parameter, a{sv} platform_data)")
                return true
            }
            let call = BusActionCall(message: message, name: String(decoding: name, as: UTF8.self), parameters: parameters)
            withCaller(of: message, door: door) { [unowned self] _ in
                self.submitBusCommand(.action(call), message: message, since: since)
            }
        default:
            return false
        }
        return true
    }

    /// `activation-token` (Wayland, xdg-activation) or `desktop-startup-id` (X11 startup
    /// notification); one longer than ``ActivationToken/maximumLength`` is dropped with a warning,
    /// as the socket door's senders drop it: the call goes on without it.
    private func activationToken(_ platformData: [String: String]) -> String? {
        let key = platformData["activation-token"] != nil ? "activation-token" : "desktop-startup-id"
        return ActivationToken.bounded(platformData[key], from: "the D-Bus platform data's \(key)")
    }

    /// Runs `body` with who called, from the bus (GetConnectionCredentials, asked without
    /// waiting and remembered per unique name); the call is refused instead when the bus cannot
    /// say or the caller is another user. Calls from one sender keep their order.
    private func withCaller(
        of message: BusMessage, door: BusDoor, _ body: @escaping @MainActor (SourceApplication) -> Void
    ) {
        let sender = message.sender ?? ""
        if let known = door.callers[sender] {
            body(known)
            return
        }
        let waiting = BusDoor.CallerLookup(message: message, body: body)
        if door.callerLookups[sender] != nil {
            door.callerLookups[sender]?.append(waiting)
            return
        }
        door.callerLookups[sender] = [waiting]
        guard let connection = door.connection else { return }
        connection.askCredentials(of: sender) { [unowned self] answer in
            guard let door = self.busDoor, let waiting = door.callerLookups.removeValue(forKey: sender) else { return }
            guard let source = self.callerSource(answer, sender: sender, door: door) else {
                for lookup in waiting {
                    lookup.message.reply(error: BusNames.accessDenied, message: self.refusal(answer, sender: sender))
                }
                return
            }
            for lookup in waiting { lookup.body(source) }
        }
    }

    /// The caller as a source application, remembered; `nil` when the bus did not say or it is another user.
    private func callerSource(
        _ answer: Result<(uid: uid_t, pid: pid_t?), BusError>, sender: String, door: BusDoor
    ) -> SourceApplication? {
        guard case .success(let credentials) = answer else { return nil }
        let user = geteuid()
        guard credentials.uid == user else {
            Log.error("refused a D-Bus call from uid \(credentials.uid) (\(sender)): only uid \(user) is served")
            return nil
        }
        let name = credentials.pid.map { PeerCredentials(pid: $0, uid: credentials.uid).executable ?? "pid \($0)" }
        let source = SourceApplication(
            name: name ?? "D-Bus \(sender)", pid: credentials.pid, uid: credentials.uid, isClaimed: false)
        if door.callers.count >= BusDoor.callerCacheLimit { door.callers = [:] }
        door.callers[sender] = source
        return source
    }

    /// Why a caller was refused: the bus could not say who it is, or it is another user.
    private func refusal(_ answer: Result<(uid: uid_t, pid: pid_t?), BusError>, sender: String) -> String {
        switch answer {
        case .failure(let error): "the bus did not say who \(sender) is: \(error.message)"
        case .success: "only uid \(geteuid()) may call \(app.name)"
        }
    }

    /// `Open`: every URI the way of a socket request, the reply once all have their outcomes. A
    /// call is admitted whole or refused whole: over ``BusDoor/maximumURIsPerCall`` URIs, or, when it
    /// must wait (during the launch, or behind other calls), more than the buffer budget has room
    /// for, none of its URIs is delivered.
    private func open(
        _ uris: [[UInt8]], platformData: [String: String], caller: SourceApplication, message: BusMessage, door: BusDoor,
        since: Duration
    ) {
        guard phase != .terminating else {
            message.reply(error: door.names.errorName(for: .terminated), message: "\(app.name) is terminating")
            return
        }
        guard !uris.isEmpty else {
            message.reply(error: BusNames.invalidArguments, message: "Open needs at least one URI")
            return
        }
        guard uris.count <= BusDoor.maximumURIsPerCall else {
            message.reply(
                error: BusNames.limitsExceeded,
                message: "Open takes at most \(BusDoor.maximumURIsPerCall) URIs per call; this one has \(uris.count), "
                    + "and none of them was delivered (send them in several calls)")
            return
        }
        let options = OpenOptions(sourceApplication: caller, activationToken: activationToken(platformData))
        let call = BusOpenCall(message: message, uris: uris, options: options, since: since)
        // The call waits (the launch, or calls before it): it counts against the buffer budget.
        let waits = phase != .running || !door.work.isEmpty
        let cost = waits ? uris.reduce(0) { $0 + Self.queuedCost(payloadSize: $1.count) } : 0
        guard bufferedBytes + cost <= settings.maximumBufferedBytes else {
            message.reply(
                error: door.names.busy,
                message: "the primary holds \(bufferedBytes) bytes of queued requests; this call's \(uris.count) URIs "
                    + "would take \(cost) more, past its budget of \(settings.maximumBufferedBytes) "
                    + "(SCHEMEROUTER_MAX_BUFFERED_BYTES): none of them was delivered")
            return
        }
        guard phase != .running else {
            bufferedBytes += cost
            call.heldBytes = cost
            return enqueueBusWork(.open(call))
        }
        while !call.isStarted {
            let index = call.next
            call.next += 1
            handleURL(uris[index], options: options, size: uris[index].count, owner: .bus(call, index: index))
        }
    }

    /// `Activate` or `ActivateAction`: queued with the launch's commands, or, once the app runs,
    /// behind the door's calls still waiting for their turn.
    private func submitBusCommand(_ command: AppCommand, message: BusMessage, since: Duration) {
        guard phase == .running else { return submit(command) }
        enqueueBusWork(.command(command, message: message, since: since))
    }
}

/// Reads an environment variable.
private func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
