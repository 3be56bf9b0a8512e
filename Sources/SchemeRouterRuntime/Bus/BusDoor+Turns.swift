internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import CLibUV

/// The D-Bus door's promises about time and fairness (Docs/DBus.md, *What a caller can rely on*):
/// a running app's calls take their turns one URI per loop turn, and a URI whose call may be
/// older than the call window when its turn comes is not delivered.
extension BusDoor {
    /// Queues a call of the running app for its turn.
    func enqueue(_ item: Work) {
        work.append(item)
        guard worker == nil else { return }
        let worker = UVHandle.allocate(uv_idle_t.self)
        UV.expect(uv_idle_init(primary.loop.raw, worker), "uv_idle_init")
        worker.pointee.data = opaque
        self.worker = worker
        UV.expect(uv_idle_start(worker) { handle in
            MainActor.assumeIsolated { BusDoor.from(handle?.pointee.data)?.step() }
        }, "uv_idle_start")
    }

    /// One step of the door's work: one URI of the first call, or one `Activate`/`ActivateAction`.
    private func step() {
        guard primary.phase == .running, let first = work.first else {
            stopWorker()
            return
        }
        switch first {
        case .open(let call):
            if let reason = refusal(since: call.since, abandoned: call.isAbandoned) {
                work.removeFirst()
                primary.trace?.write(event: "dropped", reason: "D-Bus Open URIs \(call.next + 1)-\(call.uris.count): \(reason)")
                if call.finishRemaining(.notDelivered(reason)) { finish(call) }
                return
            }
            let index = call.next
            call.next += 1
            if call.isStarted { work.removeFirst() }
            let uri = call.uris[index]
            primary.handleURL(uri, options: call.options, size: uri.count, owner: .bus(call, index: index))
        case .command(let command, let message, let since):
            work.removeFirst()
            if let reason = refusal(since: since, abandoned: false) {
                return message.reply(error: names.expired, message: "\(message.member ?? "the call") was not carried out: \(reason)")
            }
            primary.submit(command)
        }
    }

    private func stopWorker() {
        guard let worker else { return }
        self.worker = nil
        uv_close(UVHandle.handle(worker)) { handle in if let handle { UVHandle.free(handle) } }
    }

    /// Why a call's next URI (or its `Activate`, `ActivateAction`) must not be carried out: its
    /// connection was lost, or it may be older than the call window; `nil` when it may.
    private func refusal(since: Duration, abandoned: Bool) -> String? {
        if abandoned { return "the door lost its bus connection, and the bus told the caller (NoReply)" }
        let window = BusDoor.callWindow(hookDeadline: primary.settings.hookDeadline)
        let age = Sys.monotonicNow() - since
        guard age > window else { return nil }
        return "its turn came up to \(age.formatted) after it was sent, past the door's window of \(window.formatted) "
            + "(the standard 25 s D-Bus reply timeout less the hook deadline): the caller may have given up"
    }

    /// A URI of a call queued during the launch, at its turn: `true` when it is not delivered
    /// (``refusal(since:abandoned:)``) and its outcome is recorded.
    func drops(_ owner: VerdictOwner) -> Bool {
        guard case .bus(let call, let index) = owner,
            let reason = refusal(since: call.since, abandoned: call.isAbandoned)
        else { return false }
        primary.trace?.write(event: "dropped", reason: "D-Bus Open URI \(index + 1): \(reason)")
        record(.notDelivered(reason), call: call, index: index)
        return true
    }

    /// Records one URI's outcome; the call is answered once every URI has one.
    func record(_ outcome: BusOpenCall.Outcome, call: BusOpenCall, index: Int) {
        guard call.record(outcome, at: index) else { return }
        finish(call)
    }

    /// Gives the call's budget back and answers it.
    private func finish(_ call: BusOpenCall) {
        primary.budget.release(call.heldBytes)
        call.heldBytes = 0
        call.answer(names: names)
        connection?.rearm()
    }

    /// Ends every call waiting for its turn with `outcome` (termination).
    func finishWork(_ outcome: BusOpenCall.Outcome) {
        let waiting = work
        work = []
        stopWorker()
        for item in waiting {
            switch item {
            case .open(let call): if call.finishRemaining(outcome) { finish(call) }
            case .command(let command, _, _): primary.refuse(command)
            }
        }
    }

    /// The connection is lost: no call it brought is carried out further (the daemon answered
    /// them `NoReply`); what was already delivered stays delivered.
    func abandonCalls() {
        for case .open(let call) in work { call.isAbandoned = true }
        for case .open(_, .bus(let call, _), _) in primary.pendingCommands { call.isAbandoned = true }
        let waiting = work
        work = []
        stopWorker()
        for case .open(let call) in waiting {
            if call.finishRemaining(.notDelivered("the door lost its bus connection")) { finish(call) }
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
