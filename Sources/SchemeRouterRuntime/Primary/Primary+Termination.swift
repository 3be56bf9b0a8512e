internal import SchemeRouter
internal import SchemeRouterLifecycle
internal import CLibUV
internal import Glibc
internal import SchemeRouterSender

extension Primary {
    /// Watches SIGTERM and SIGINT: either terminates the app cleanly.
    func watchSignals() throws(UVError) {
        for number in [SIGTERM, SIGINT] {
            let handle = UVHandle.allocate(uv_signal_t.self)
            try UV.check(uv_signal_init(loop.raw, handle), "uv_signal_init")
            handle.pointee.data = Unmanaged.passUnretained(self).toOpaque()
            try UV.check(uv_signal_start(handle, { handle, _ in
                MainActor.assumeIsolated {
                    guard let handle, let data = handle.pointee.data else { return }
                    Unmanaged<Primary>.fromOpaque(data).takeUnretainedValue().terminate(status: .success, requester: nil)
                }
            }, number), "uv_signal_start")
            uv_unref(UVHandle.handle(handle))
            signalHandles.append(handle)
        }
        // The mask is inherited across exec: a launcher that blocks these signals in its thread
        // (libdispatch worker threads do) would otherwise make the primary deaf to them.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Terminates: no new sender can reach this primary, `willTerminate` runs (unless the app
    /// is suspended or never launched), the lock is released, and every connection is told
    /// before it is closed: the requester of `terminate` gets its reply, everyone else still
    /// owed something an `error(terminated)` (nothing accepted is silently dropped). The loop
    /// then runs until the replies are flushed and every handle is closed, and the process
    /// exits with `status`.
    /// With `discardingState` (a force-quit) nothing is preserved and the preserved state is deleted.
    func terminate(status: ExitStatus, requester: CommandCaller?, discardingState: Bool = false) {
        guard phase != .terminating else { return }
        phase = .terminating
        exitStatus = status
        let refusal = ErrorMessage(code: .terminated, message: "\(app.name) is terminating; the request was not delivered")
        Listener.unlinkSocket(files)
        Listener.refuseBacklog(descriptor: socketDoor.listener.descriptor, with: refusal.frame.encoded)
        socketDoor.listener.close()
        watchdog.listenerClosed()
        if let controller, controller.state != .notRunning {
            watchdog.serving(requester?.descriptor) {
                do throws(LifecycleError) {
                    try controller.terminate(discardingState: discardingState)
                } catch {
                    preconditionFailure("terminate: \(error)")
                }
            }
        }
        lock.release()
        launchSink?.deliver(.terminated)
        launchSink = nil
        if let launchOwner { answer(launchOwner, terminating: true) }
        launchOwner = nil
        let pending = pendingCommands
        pendingCommands = []
        for command in pending { refuse(command) }
        var answeredConnection: Connection?
        switch requester {
        case .socket(let connection, let request)?:
            let reply = ControlReplyMessage(request: request, refused: false, state: AppState.notRunning.rawValue)
            connection.send(reply.frame.encoded)
            connection.close()
            answeredConnection = connection
        case .bus(let message)?:
            message.replyEmpty()
        case nil:
            break
        }
        busDoor?.close()
        for connection in socketDoor.connections.values.sorted(by: { $0.id < $1.id }) where connection !== answeredConnection {
            connection.fail(refusal)
        }
        closeRemainingHandles()
    }

    /// Closes the timers, signal watchers and the main-queue poll, and arms a last-resort timer
    /// in case a client never reads its final frame.
    private func closeRemainingHandles() {
        let free: uv_close_cb = { handle in if let handle { UVHandle.free(handle) } }
        if let timer = backgroundTimer {
            backgroundTimer = nil
            uv_close(UVHandle.handle(timer), free)
        }
        for handle in signalHandles { uv_close(UVHandle.handle(handle), free) }
        signalHandles = []
        systemEventSources?.stop()
        systemEventSources = nil
        loop.stopDrainingMainQueue()
        let lastResort = UVHandle.allocate(uv_timer_t.self)
        UV.expect(uv_timer_init(loop.raw, lastResort), "uv_timer_init")
        lastResort.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        UV.expect(uv_timer_start(lastResort, { timer in
            MainActor.assumeIsolated {
                guard let timer, let data = timer.pointee.data else { return }
                exit(Unmanaged<Primary>.fromOpaque(data).takeUnretainedValue().exitStatus.rawValue)
            }
        }, 2000, 0), "uv_timer_start")
        uv_unref(UVHandle.handle(lastResort))
    }
}
