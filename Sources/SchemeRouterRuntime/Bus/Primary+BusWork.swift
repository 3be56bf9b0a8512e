internal import SchemeRouterPlatform
internal import CLibUV
internal import SchemeRouter
internal import SchemeRouterLifecycle
internal import SchemeRouterSender

/// The D-Bus door's promises about time and fairness (Docs/DBus.md, *What a caller can rely on*):
/// a running app's calls take their turns one URI per loop turn, and a URI whose call may be
/// older than the call window when its turn comes is not delivered.
extension Primary {
    /// Queues a call of the running app for its turn.
    func enqueueBusWork(_ work: BusDoor.Work) {
        guard let door = busDoor else { return }
        door.work.append(work)
        guard door.worker == nil else { return }
        let worker = UVHandle.allocate(uv_idle_t.self)
        UV.expect(uv_idle_init(loop.raw, worker), "uv_idle_init")
        worker.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        door.worker = worker
        UV.expect(uv_idle_start(worker) { handle in
            MainActor.assumeIsolated {
                guard let data = handle?.pointee.data else { return }
                Unmanaged<Primary>.fromOpaque(data).takeUnretainedValue().stepBusWork()
            }
        }, "uv_idle_start")
    }

    /// One step of the door's work: one URI of the first call, or one `Activate`/`ActivateAction`.
    private func stepBusWork() {
        guard let door = busDoor else { return }
        guard phase == .running, let first = door.work.first else {
            stopBusWorker(door)
            return
        }
        switch first {
        case .open(let call):
            if let reason = busRefusal(since: call.since, abandoned: call.isAbandoned) {
                door.work.removeFirst()
                trace?.write(event: "dropped", reason: "D-Bus Open URIs \(call.next + 1)-\(call.uris.count): \(reason)")
                if call.finishRemaining(.notDelivered(reason)) { finishBusCall(call) }
                return
            }
            let index = call.next
            call.next += 1
            if call.isStarted { door.work.removeFirst() }
            let uri = call.uris[index]
            handleURL(uri, options: call.options, size: uri.count, owner: .bus(call, index: index))
        case .command(let command, let message, let since):
            door.work.removeFirst()
            if let reason = busRefusal(since: since, abandoned: false) {
                return message.reply(error: door.names.expired, message: "\(message.member ?? "the call") was not carried out: \(reason)")
            }
            submit(command)
        }
    }

    private func stopBusWorker(_ door: BusDoor) {
        guard let worker = door.worker else { return }
        door.worker = nil
        uv_close(UVHandle.handle(worker)) { handle in if let handle { UVHandle.free(handle) } }
    }

    /// Why a call's next URI (or its `Activate`, `ActivateAction`) must not be carried out: its
    /// connection was lost, or it may be older than the call window; `nil` when it may.
    private func busRefusal(since: Duration, abandoned: Bool) -> String? {
        if abandoned { return "the door lost its bus connection, and the bus told the caller (NoReply)" }
        let window = BusDoor.callWindow(hookDeadline: settings.hookDeadline)
        let age = Sys.monotonicNow() - since
        guard age > window else { return nil }
        return "its turn came up to \(age.formatted) after it was sent, past the door's window of \(window.formatted) "
            + "(the standard 25 s D-Bus reply timeout less the hook deadline): the caller may have given up"
    }

    /// A URI of a call queued during the launch, at its turn: `true` when it is not delivered
    /// (``busRefusal(since:abandoned:)``) and its outcome is recorded.
    func dropsBusURI(_ owner: VerdictOwner) -> Bool {
        guard case .bus(let call, let index) = owner,
            let reason = busRefusal(since: call.since, abandoned: call.isAbandoned)
        else { return false }
        trace?.write(event: "dropped", reason: "D-Bus Open URI \(index + 1): \(reason)")
        recordBusOutcome(.notDelivered(reason), call: call, index: index)
        return true
    }

    /// Records one URI's outcome; the call is answered once every URI has one.
    func recordBusOutcome(_ outcome: BusOpenCall.Outcome, call: BusOpenCall, index: Int) {
        guard call.record(outcome, at: index) else { return }
        finishBusCall(call)
    }

    /// Gives the call's budget back and answers it.
    private func finishBusCall(_ call: BusOpenCall) {
        bufferedBytes -= call.heldBytes
        call.heldBytes = 0
        guard let door = busDoor else { return }
        call.answer(names: door.names)
        door.connection?.rearm()
    }

    /// Ends every call waiting for its turn with `outcome` (termination).
    func finishBusWork(_ door: BusDoor, _ outcome: BusOpenCall.Outcome) {
        let work = door.work
        door.work = []
        stopBusWorker(door)
        for item in work {
            switch item {
            case .open(let call): if call.finishRemaining(outcome) { finishBusCall(call) }
            case .command(let command, _, _): refuse(command)
            }
        }
    }

    /// The connection is lost: no call it brought is carried out further (the daemon answered
    /// them `NoReply`); what was already delivered stays delivered.
    func abandonBusCalls(_ door: BusDoor) {
        for case .open(let call) in door.work { call.isAbandoned = true }
        for case .open(_, .bus(let call, _), _) in pendingCommands { call.isAbandoned = true }
        let work = door.work
        door.work = []
        stopBusWorker(door)
        for case .open(let call) in work {
            if call.finishRemaining(.notDelivered("the door lost its bus connection")) { finishBusCall(call) }
        }
    }
}

extension Duration {
    /// `1.5 s`: seconds with one decimal.
    fileprivate var formatted: String {
        let tenths = (components.seconds * 10) + components.attoseconds / 100_000_000_000_000_000
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
