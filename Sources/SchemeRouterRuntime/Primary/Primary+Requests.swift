internal import SchemeRouter

extension Primary {
    /// Handles one complete frame from a client.
    func handle(_ frame: Frame, from connection: Connection) {
        switch frame.type {
        case .open:
            do throws(WireError) {
                let request = try OpenRequest(payload: frame.payload)
                guard takeDelivery(of: request.request, asked: frame.asksForReceipt, on: connection) else { return }
                handleOpen(request, size: frame.payload.count, from: connection)
            } catch {
                connection.fail(ErrorMessage(error))
            }
        case .control:
            do throws(WireError) {
                let request = try ControlRequest(payload: frame.payload)
                guard takeDelivery(of: request.request, asked: frame.asksForReceipt, on: connection) else { return }
                handleControl(request, from: connection)
            } catch {
                connection.fail(ErrorMessage(error))
            }
        case .verdict, .controlReply, .receipt, .busy, .error:
            // The decoder accepts only client frame types.
            preconditionFailure("a client frame of type \(frame.type)")
        }
    }

    /// A URL arrived on the socket: it goes the way of every URL (``handleURL(_:options:size:owner:)``).
    /// - Parameter size: The frame's payload size.
    func handleOpen(_ request: OpenRequest, size: Int, from connection: Connection) {
        let options = OpenOptions(
            sourceApplication: source(of: connection, claimed: request.sourceApplication),
            annotation: request.annotation, activationToken: request.activationToken)
        handleURL(
            request.url, options: options, size: size, owner: .socket(connection, request: request.request),
            retryKey: Self.retryKey(request))
    }

    /// A URL arrived through either door: reject it before any hook if it is malformed, not the
    /// app's, matches no route or carries an invalid value; queue it during the launch (within
    /// the buffer budget); otherwise deliver it now. Its verdict goes to `owner`.
    /// - Parameter size: What the request took on the wire (for the buffer budget).
    /// - Parameter retryKey: The request's id and URL (``retryKey(_:)``), when it carries an id.
    func handleURL(_ bytes: [UInt8], options: OpenOptions, size: Int, owner: VerdictOwner, retryKey: String? = nil) {
        let url: SchemeURL
        do throws(URLRejection) {
            url = try SchemeURL(bytes: bytes)
        } catch {
            answer(owner, with: WakeVerdict(error))
            return
        }
        let routed: RoutedURL
        do throws(RouteRefusal) {
            routed = try router.route(url)
        } catch {
            answer(owner, with: error.verdict)
            return
        }
        if let retryKey, case .socket(let connection, let request) = owner,
            answerRetry(key: retryKey, request: request, on: connection)
        {
            return
        }
        let delivery = nextDelivery()
        switch phase {
        case .collecting, .launching:
            // Held until the launch ends: the URL, its text and components, and the annotation.
            guard reserve(Self.queuedCost(payloadSize: size), for: owner) else {
                if let retryKey { abandon(retryKey) }
                return
            }
            queuedDeliveries.append(QueuedURL(routed: routed, options: options, delivery: delivery))
            deliveryOwners[delivery] = owner
            if let retryKey { deliveryRequestIDs[delivery] = retryKey }
            if case .socket(let connection, _) = owner { connection.owedReplies += 1 }
            busLaunchRequested()
        case .running:
            let verdict = deliver(QueuedURL(routed: routed, options: options, delivery: delivery), owner: owner.descriptor)
            answer(owner, with: WakeVerdict(verdict))
            settle(retryKey, WakeVerdict(verdict))
            rearmBackgroundTimer()
        case .terminating:
            answer(owner, terminating: true)
        }
    }

    /// Sends a verdict to whoever is owed it.
    func answer(_ owner: VerdictOwner, with verdict: WakeVerdict) {
        switch owner {
        case .socket(let connection, let request):
            reply(verdict, to: request, on: connection)
        case .bus(let call, let index):
            guard call.record(verdict, at: index) else { return }
            bufferedBytes -= call.heldBytes
            call.heldBytes = 0
            guard let door = busDoor else { return }
            call.answer(names: door.names)
            door.connection?.rearm()
        }
    }

    /// Tells an owner the app is terminating.
    func answer(_ owner: VerdictOwner, terminating: Bool) {
        switch owner {
        case .socket(let connection, _):
            connection.fail(ErrorMessage(code: .terminated, message: "\(app.name) is terminating"))
        case .bus:
            answer(owner, with: .terminated)
        }
    }

    /// Reserves budget for a queued request (see ``reserve(_:for:)-(Int,Connection)``).
    private func reserve(_ bytes: Int, for owner: VerdictOwner) -> Bool {
        switch owner {
        case .socket(let connection, _):
            return reserve(bytes, for: connection)
        case .bus(let call, let index):
            guard bufferedBytes + bytes <= settings.maximumBufferedBytes else {
                call.overridingError = (
                    busDoor?.names.busy ?? BusNames.invalidArguments,
                    "\(call.uris[index]): the primary holds \(bufferedBytes) bytes of queued requests; "
                        + "\(bytes) more would pass its budget of \(settings.maximumBufferedBytes)"
                )
                answer(owner, with: .terminated)
                return false
            }
            bufferedBytes += bytes
            call.heldBytes += bytes
            return true
        }
    }

    /// What a request queued during the launch counts against the buffer budget: three times
    /// its payload (the parsed URL keeps its bytes, its text and its components), as much again
    /// for the request read from it, and a little for the bookkeeping.
    static func queuedCost(payloadSize: Int) -> Int { 4 * payloadSize + 512 }

    /// Hands a URL to the running app (`receive`: the wake sequence when in the background),
    /// each hook under the hook deadline, the request's connection its owner.
    func deliver(_ pending: QueuedURL, owner: Int32?) -> DeliveryVerdict {
        guard let driver else { preconditionFailure("running without a controller") }
        let hooks: [String]
        if let controller {
            hooks = [AppState.background, .suspended].contains(controller.state)
                ? wakeHooks(controller) + ["open", "didBecomeActive"] : ["open"]
        } else {
            // A scene app: the URL's scene comes forward (or connects), opens it and takes focus.
            hooks = ["the URL's scene hooks"]
        }
        currentSource = pending.options.sourceApplication
        currentToken = pending.options.activationToken
        defer {
            currentSource = nil
            currentToken = nil
        }
        // Events reach the driver only from loop callbacks, never from inside a hook, and a
        // running primary's app is never notRunning.
        return watchdog.runHooks(hooks, owner: owner) {
            driver.deliver(pending.routed, options: pending.options, delivery: pending.delivery)
        }
    }

    /// Who sent a URL: the kernel's pid and uid for the connection and the executable behind
    /// the pid (not claimed), or the name the sender gave (claimed).
    func source(of connection: Connection, claimed: String?) -> SourceApplication {
        if let claimed {
            return SourceApplication(name: claimed, pid: connection.peer.pid, uid: connection.peer.uid, isClaimed: true)
        }
        let name = connection.executable ?? "pid \(connection.peer.pid)"
        return SourceApplication(name: name, pid: connection.peer.pid, uid: connection.peer.uid, isClaimed: false)
    }

    /// Sends a verdict.
    func reply(_ verdict: WakeVerdict, to request: UInt32, on connection: Connection) {
        connection.send(VerdictMessage(request: request, verdict: verdict).frame.encoded)
    }

    /// A control command arrived.
    func handleControl(_ request: ControlRequest, from connection: Connection) {
        switch phase {
        case .collecting, .launching:
            queuedControls.append((connection, request))
            connection.owedReplies += 1
        case .running:
            perform(request, from: connection)
        case .terminating:
            connection.fail(ErrorMessage(code: .terminated, message: "\(app.name) is terminating"))
        }
    }

    /// Carries out a control command on the running app, its hooks under the hook deadline.
    func perform(_ request: ControlRequest, from connection: Connection) {
        if request.command == .terminate || request.command == .forceQuit {
            terminate(
                status: .success, requester: (connection, request.request), discardingState: request.command == .forceQuit)
            return
        }
        guard let controller else {
            performOnScenes(request, from: connection)
            return
        }
        if request.command == .injectClockChange && Application.acceptsInjectedClockChanges {
            systemEventSources?.clockWasSet()
            rearmBackgroundTimer()
            connection.send(ControlReplyMessage(request: request.request, refused: false, state: controller.state.rawValue).frame.encoded)
            return
        }
        let leaving = controller.configuration.exitsOnSuspend ? "willTerminate" : "didEnterBackground"
        let hooks: [String] =
            switch (request.command, controller.state) {
            case (.background, .active): ["willResignActive", leaving]
            case (.background, .inactive): [leaving]
            case (.foreground, _), (.activate, .background), (.activate, .suspended): wakeHooks(controller) + ["didBecomeActive"]
            case (.activate, .inactive), (.active, .inactive): ["didBecomeActive"]
            case (.inactive, .active): ["willResignActive"]
            default: []
            }
        let refusal = watchdog.runHooks(hooks, owner: connection.descriptor) { () -> String? in
            do throws(LifecycleError) {
                switch (request.command, controller.state) {
                case (.state, _), (.activate, .active):
                    return nil
                case (.background, .active):
                    try controller.resignActive()
                    try controller.enterBackground()
                case (.background, .inactive):
                    try controller.enterBackground()
                case (.foreground, .background), (.foreground, .suspended),
                    (.activate, .background), (.activate, .suspended):
                    try controller.enterForeground()
                case (.activate, .inactive), (.active, .inactive):
                    try controller.becomeActive()
                case (.inactive, .active):
                    try controller.resignActive()
                case (.injectClockChange, _):
                    return "\(app.name) does not accept injected clock changes (a probe app's test hook)"
                case (let command, let state):
                    return "\(command) is not allowed while \(app.name) is \(state.rawValue)"
                }
                return nil
            } catch {
                return error.description
            }
        }
        if controller.state == .notRunning {
            // The app exits on suspend: leaving the foreground terminated it.
            terminate(status: .success, requester: (connection, request.request))
            return
        }
        rearmBackgroundTimer()
        // The app run again: its window comes back too (the window layer's, when it has one).
        if request.command == .activate && refusal == nil { presentWindow?(nil, request.activationToken) }
        let reply = ControlReplyMessage(
            request: request.request, refused: refusal != nil, state: controller.state.rawValue, message: refusal)
        connection.send(reply.frame.encoded)
    }
}

extension Primary {
    /// A control command for a scene app: its windows, not a command, move its scenes, so only
    /// `state` and `activate` (the app run again: its most recent scene comes forward) are
    /// carried out; every other command is refused with the reason.
    func performOnScenes(_ request: ControlRequest, from connection: Connection) {
        guard let driver else { preconditionFailure("running without a controller") }
        let refusal: String? =
            switch request.command {
            case .state: nil
            case .activate: activateScenes(activationToken: request.activationToken)
            default: "\(request.command) is not available for \(app.name): it uses scenes, which follow its windows"
            }
        let reply = ControlReplyMessage(
            request: request.request, refused: refusal != nil, state: driver.appState.rawValue, message: refusal)
        connection.send(reply.frame.encoded)
    }
}

/// Who is owed a URL's verdict: a socket request, or one URI of a D-Bus `Open` call.
@MainActor
enum VerdictOwner {
    case socket(Connection, request: UInt32)
    case bus(BusOpenCall, index: Int)

    /// The descriptor the watchdog names when a hook serving the URL overruns (socket only).
    var descriptor: Int32? {
        if case .socket(let connection, _) = self { return connection.descriptor }
        return nil
    }
}

extension AppIdentity {
    /// Why the app refuses `url` before any hook runs: a scheme it does not declare.
    func rejection(of url: SchemeURL) -> WakeVerdict? {
        guard !declares(url.scheme) else { return nil }
        return .rejected(
            code: "undeclared-scheme", offset: 0,
            message: "\(name) does not declare the scheme '\(url.scheme)' (it declares: \(schemes.joined(separator: ", ")))")
    }
}
