internal import SchemeRouter
internal import SchemeRouterLifecycle
internal import SchemeRouterSender
internal import SchemeRouterPlatform

/// The one command path: every door hands its commands here, and the lifecycle controller's
/// hooks run only from ``perform(_:)``, each under the watchdog, one command at a time.
extension Primary {
    /// Takes a command from any door: queued while the app launches (the one pre-launch queue,
    /// in arrival order), carried out at once while it runs, refused once it terminates.
    /// URLs come through ``handleURL(_:options:size:owner:retryKey:)``, which routes and budgets
    /// them first.
    func submit(_ command: AppCommand) {
        switch phase {
        case .collecting, .launching:
            enqueue(command)
        case .running:
            perform(command)
        case .terminating:
            refuse(command)
        }
    }

    /// Holds a command until the launch is over; its socket sender reads nothing more until then.
    func enqueue(_ command: AppCommand) {
        if let connection = command.connection { connection.owedReplies += 1 }
        pendingCommands.append(command)
        busDoor?.launchRequested()
    }

    /// Carries out the commands that waited for the launch, in arrival order. Their connections
    /// read again only once all are answered, so nothing overtakes the queue.
    func performPendingCommands() {
        var answered: [Connection] = []
        while !pendingCommands.isEmpty {
            let command = pendingCommands.removeFirst()
            if let connection = command.connection { answered.append(connection) }
            guard phase == .running else {
                refuse(command)
                continue
            }
            if case .open(_, .socket(let connection, _), let retryKey) = command, !socketDoor.stillWanted(connection, id: retryKey) {
                continue
            }
            if case .open(_, let owner, _) = command, busDoor?.drops(owner) == true { continue }
            perform(command)
        }
        for connection in answered { connection.replyDelivered() }
    }

    /// Carries out one command on the running app and answers whoever waits for it.
    func perform(_ command: AppCommand) {
        guard let controller else { preconditionFailure("running without a lifecycle controller") }
        switch command {
        case .open(let url, let owner, let retryKey):
            let verdict = deliver(url, owner: owner)
            answer(owner, with: verdict)
            socketDoor.settle(retryKey, verdict)
        case .activate(let token, let caller):
            let refusal = watchdog.serving(caller.descriptor) { () -> String? in
                do throws(LifecycleError) {
                    let (session, connected) = try controller.activateApp(activationToken: token)
                    // A scene that connected now presents its own window; any other comes forward here.
                    if !connected { presentWindow?(session?.persistentIdentifier, token) }
                    return nil
                } catch {
                    return error.description
                }
            }
            reply(to: caller, refusal: refusal)
        case .lifecycle(let command, let caller):
            let refusal = watchdog.serving(caller.descriptor) { move(controller, by: command) }
            if controller.state == .notRunning {
                // The app exits on suspend: leaving the foreground terminated it.
                terminate(status: .success, requester: caller)
                return
            }
            reply(to: caller, refusal: refusal)
        case .terminate(let discardingState, let caller):
            terminate(status: .success, requester: caller, discardingState: discardingState)
            return
        case .action(let call):
            performAction(call)
        case .windows(let windows, let lastWindowClosed, let policy):
            follow(windows, lastWindowClosed: lastWindowClosed, policy: policy)
        case .sceneWindow(let session, let window):
            follow(scene: session, window: window)
        }
        rearmBackgroundTimer()
    }

    /// Answers a command that can no longer be carried out: the app is terminating.
    func refuse(_ command: AppCommand) {
        switch command {
        case .open(_, let owner, let retryKey):
            answer(owner, terminating: true)
            if let retryKey { socketDoor.abandon(retryKey) }
        case .windows, .sceneWindow:
            break
        case .activate, .lifecycle, .terminate, .action:
            switch command.caller {
            case .socket(let connection, _)?:
                connection.fail(ErrorMessage(code: .terminated, message: "\(app.name) is terminating"))
            case .bus(let message)?:
                message.reply(error: busNames.errorName(for: .terminated), message: "\(app.name) is terminating")
            case nil:
                break
            }
        }
    }

    /// Hands a URL to the running app (the wake sequence first when it is in the background),
    /// its hooks under the watchdog for its owner.
    func deliver(_ url: QueuedURL, owner: VerdictOwner) -> DeliveryVerdict {
        guard let controller else { preconditionFailure("running without a lifecycle controller") }
        currentSource = url.options.sourceApplication
        currentToken = url.options.activationToken
        defer {
            currentSource = nil
            currentToken = nil
        }
        return watchdog.serving(owner.descriptor) {
            do throws(LifecycleError) {
                return try controller.receive(url.routed, options: url.options, delivery: url.delivery)
            } catch {
                // Commands reach the controller only from loop callbacks, never from inside a hook,
                // and a running primary's app is never notRunning.
                preconditionFailure("receive: \(error)")
            }
        }
    }

    /// A `schemectl lifecycle` command for an app without scenes (an app with scenes follows its
    /// windows, and refuses); why not, if refused.
    private func move(_ controller: LifecycleController, by command: ControlCommand) -> String? {
        do throws(LifecycleError) {
            switch (command, controller.state) {
            case (.state, _): break
            case (.background, .active):
                try controller.resignActive()
                try controller.enterBackground()
            case (.background, _): try controller.enterBackground()
            case (.foreground, _): try controller.enterForeground()
            case (.active, _): try controller.becomeActive()
            case (.inactive, _): try controller.resignActive()
            default: return "\(command) is not a lifecycle command of \(app.name)"
            }
            return nil
        } catch {
            return error.description
        }
    }

    /// Moves the lifecycle of an app without scenes to what its windows call for.
    private func follow(_ windows: [WindowSnapshot], lastWindowClosed: Bool, policy: LastWindowPolicy) {
        guard let controller, !controller.usesScenes else { return }
        let steps = WindowLifecycle.steps(
            from: controller.state, windows: windows, policy: policy, lastWindowClosed: lastWindowClosed)
        if steps == [.terminate] {
            terminate(status: .success, requester: nil)
            return
        }
        watchdog.serving(nil) {
            do throws(LifecycleError) {
                for step in steps {
                    switch step {
                    case .resignActive: try controller.resignActive()
                    case .becomeActive: try controller.becomeActive()
                    case .enterBackground: try controller.enterBackground()
                    case .enterForeground: try controller.enterForeground()
                    case .terminate: break
                    }
                }
            } catch {
                Log.error("the windows' lifecycle step failed: \(error)")
            }
        }
    }

    /// Moves the scene of `session` to what its window shows. A window of an unknown or
    /// disconnected session changes nothing.
    private func follow(scene session: String, window: SceneWindowState) {
        guard let controller, let state = controller.state(of: session) else { return }
        watchdog.serving(nil) {
            do throws(LifecycleError) {
                switch (window, state) {
                case (_, .unattached):
                    break
                case (.closed, _):
                    try controller.close(session)
                case (.focused, .foregroundActive), (.unfocused, .foregroundInactive), (.hidden, .background),
                    (.hidden, .suspended):
                    break
                case (.focused, _), (.unfocused, _):
                    if !state.isForeground { try controller.enterForeground(session) }
                    if window == .focused {
                        try controller.activate(session)
                    } else if controller.state(of: session) == .foregroundActive {
                        try controller.resignActive(session)
                    }
                case (.hidden, _):
                    if state == .foregroundActive { try controller.resignActive(session) }
                    try controller.enterBackground(session)
                }
            } catch {
                Log.error("the window of scene \(session) is \(window.rawValue), but its scene cannot follow: \(error)")
            }
        }
    }

    /// Tells the caller of a command whether it was carried out.
    func reply(to caller: CommandCaller, refusal: String?) {
        switch caller {
        case .socket(let connection, let request):
            let state = controller?.state ?? .notRunning
            let reply = ControlReplyMessage(request: request, refused: refusal != nil, state: state.rawValue, message: refusal)
            connection.send(reply.frame.encoded)
        case .bus(let message):
            if let refusal {
                message.reply(error: busNames.errorName(for: .declined), message: refusal)
            } else {
                message.replyEmpty()
            }
        }
    }
}

extension Primary {
    /// The app's names on the session bus (the door's, or derived the same way when it is closed).
    var busNames: BusNames { busDoor?.names ?? BusNames(bundleName: app.name) }
}

extension AppCommand {
    /// The socket connection that waits for this command's answer, if any.
    var connection: Connection? {
        switch self {
        case .open(_, .socket(let connection, _), _): connection
        default:
            if case .socket(let connection, _)? = caller { connection } else { nil }
        }
    }
}
