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
            door.connection = try BusConnection(
                loop: loop, name: door.names.busName, objectPath: door.names.objectPath,
                handler: { [unowned self] message in self.handleBusCall(message) })
        } catch {
            if awaitingLaunch { Log.error("D-Bus activation unavailable: \(error)") }
            return
        }
        door.connection?.onDisconnect = { [unowned self] reason in self.busLost(reason) }
        busDoor = door
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

    /// The bus connection broke: the socket door goes on; bus calls still owed are dropped
    /// (there is no one left to answer), their URLs still delivered.
    private func busLost(_ reason: String) {
        Log.error("lost the session bus (\(reason)); the socket door still serves")
        busDoor?.connection = nil
        busDoor?.callerLookups = [:]
        if busDoor?.awaitingLaunch == true { launchFromBus() }
    }

    /// Closes the door at termination: owed calls are answered `Terminated`, then the
    /// connection is flushed and closed.
    func closeBusDoor() {
        guard let door = busDoor else { return }
        for message in door.callerLookups.values.joined().map(\.message) {
            message.reply(error: door.names.errorName(for: .terminated), message: "\(app.name) is terminating")
        }
        door.callerLookups = [:]
        if let timer = door.launchTimer {
            door.launchTimer = nil
            uv_close(UVHandle.handle(timer)) { handle in if let handle { UVHandle.free(handle) } }
        }
        door.connection?.close()
        door.connection = nil
    }

    // MARK: Calls

    /// One method call on the door's object; `true` when handled (answered now or later), `false`
    /// to let libdbus answer (unknown method).
    fileprivate func handleBusCall(_ message: BusMessage) -> Bool {
        guard let door = busDoor else { return false }
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
                self.open(uris, platformData: platformData, caller: caller, message: message, door: door)
            }
        case (BusNames.interface, "Activate"):
            guard message.signature == "a{sv}", let platformData = message.readPlatformData() else {
                message.reply(error: BusNames.invalidArguments, message: "Activate takes (a{sv} platform_data)")
                return true
            }
            withCaller(of: message, door: door) { [unowned self] _ in
                self.submit(.activate(activationToken: Self.activationToken(platformData), caller: .bus(message)))
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
            withCaller(of: message, door: door) { [unowned self] _ in self.submit(.action(call)) }
        default:
            return false
        }
        return true
    }

    /// `activation-token` (Wayland, xdg-activation) or `desktop-startup-id` (X11 startup notification).
    private static func activationToken(_ platformData: [String: String]) -> String? {
        platformData["activation-token"] ?? platformData["desktop-startup-id"]
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

    /// `Open`: every URI the way of a socket request, the reply once all have their verdicts.
    private func open(
        _ uris: [[UInt8]], platformData: [String: String], caller: SourceApplication, message: BusMessage, door: BusDoor
    ) {
        guard phase != .terminating else {
            message.reply(error: door.names.errorName(for: .terminated), message: "\(app.name) is terminating")
            return
        }
        guard !uris.isEmpty else {
            message.reply(error: BusNames.invalidArguments, message: "Open needs at least one URI")
            return
        }
        let call = BusOpenCall(message: message, uris: uris)
        let options = OpenOptions(sourceApplication: caller, activationToken: Self.activationToken(platformData))
        for (index, uri) in uris.enumerated() {
            handleURL(uri, options: options, size: uri.count, owner: .bus(call, index: index))
        }
    }
}

/// Reads an environment variable.
private func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
