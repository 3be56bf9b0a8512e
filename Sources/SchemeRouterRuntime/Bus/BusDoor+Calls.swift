internal import CSchemeRouterLinux
internal import CLibUV
internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import Glibc
internal import SchemeRouterLifecycle

/// The calls the door answers: who called (the bus says), then `Open`, `Activate` and
/// `ActivateAction` become the primary's commands.
extension BusDoor {
    /// One method call on the door's object; `true` when handled (answered now or later), `false`
    /// to let libdbus answer (unknown method).
    func handleCall(_ message: BusMessage) -> Bool {
        let since = clock?.since ?? Sys.monotonicNow()
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
            withCaller(of: message) { [unowned self] caller in
                self.open(uris, platformData: platformData, caller: caller, message: message, since: since)
            }
        case (BusNames.interface, "Activate"):
            guard message.signature == "a{sv}", let platformData = message.readPlatformData() else {
                message.reply(error: BusNames.invalidArguments, message: "Activate takes (a{sv} platform_data)")
                return true
            }
            withCaller(of: message) { [unowned self] _ in
                self.submit(
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
            withCaller(of: message) { [unowned self] _ in
                self.submit(.action(call), message: message, since: since)
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
        of message: BusMessage, _ body: @escaping @MainActor (SourceApplication) -> Void
    ) {
        let sender = message.sender ?? ""
        if let known = callers[sender] {
            body(known)
            return
        }
        let waiting = BusDoor.CallerLookup(message: message, body: body)
        if callerLookups[sender] != nil {
            callerLookups[sender]?.append(waiting)
            return
        }
        callerLookups[sender] = [waiting]
        guard let connection else { return }
        connection.askCredentials(of: sender) { [unowned self] answer in
            guard let waiting = self.callerLookups.removeValue(forKey: sender) else { return }
            guard let source = self.callerSource(answer, sender: sender) else {
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
        _ answer: Result<(uid: uid_t, pid: pid_t?), BusError>, sender: String
    ) -> SourceApplication? {
        guard case .success(let credentials) = answer else { return nil }
        let user = geteuid()
        guard credentials.uid == user else {
            Log.error("refused a D-Bus call from uid \(credentials.uid) (\(sender)): only uid \(user) is served")
            return nil
        }
        // The bus gives pids of its own PID namespace: inside a Flatpak sandbox they name other
        // processes here, so none is used (pid 0: unknown).
        let source = credentials.pid.map { pid in
            PeerCredentials(pid: FlatpakSandbox.current == nil ? pid : 0, uid: credentials.uid).verifiedSource(socket: nil)
        } ?? SourceApplication(name: "D-Bus \(sender)", uid: credentials.uid, isClaimed: false)
        if callers.count >= BusDoor.callerCacheLimit { callers = [:] }
        callers[sender] = source
        return source
    }

    /// Why a caller was refused: the bus could not say who it is, or it is another user.
    private func refusal(_ answer: Result<(uid: uid_t, pid: pid_t?), BusError>, sender: String) -> String {
        switch answer {
        case .failure(let error): "the bus did not say who \(sender) is: \(error.message)"
        case .success: "only uid \(geteuid()) may call \(primary.app.name)"
        }
    }

    /// `Open`: every URI the way of a socket request, the reply once all have their outcomes. A
    /// call is admitted whole or refused whole: over ``BusDoor/maximumURIsPerCall`` URIs, or, when it
    /// must wait (during the launch, or behind other calls), more than the buffer budget has room
    /// for, none of its URIs is delivered.
    private func open(
        _ uris: [[UInt8]], platformData: [String: String], caller: SourceApplication, message: BusMessage,
        since: Duration
    ) {
        guard primary.phase != .terminating else {
            message.reply(error: names.errorName(for: .terminated), message: "\(primary.app.name) is terminating")
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
        let waits = primary.phase != .running || !work.isEmpty
        let cost = waits ? uris.reduce(0) { $0 + Primary.queuedCost(payloadSize: $1.count) } : 0
        let budget = primary.budget
        guard budget.fits(cost) else {
            message.reply(
                error: names.busy,
                message: "the primary holds \(budget.held) bytes of queued requests; this call's \(uris.count) URIs "
                    + "would take \(cost) more, past its budget of \(budget.limit) "
                    + "(SCHEMEROUTER_MAX_BUFFERED_BYTES): none of them was delivered")
            return
        }
        guard primary.phase != .running else {
            budget.hold(cost)
            call.heldBytes = cost
            return enqueue(.open(call))
        }
        while !call.isStarted {
            let index = call.next
            call.next += 1
            primary.handleURL(uris[index], options: options, size: uris[index].count, owner: .bus(call, index: index))
        }
    }

    /// `Activate` or `ActivateAction`: queued with the launch's commands, or, once the app runs,
    /// behind the door's calls still waiting for their turn.
    private func submit(_ command: AppCommand, message: BusMessage, since: Duration) {
        guard primary.phase == .running else { return primary.submit(command) }
        enqueue(.command(command, message: message, since: since))
    }
}
