internal import SchemeRouter
internal import SchemeRouterLifecycle
internal import SchemeRouterSender

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
    /// the buffer budget); otherwise deliver it now (``perform(_:)``). Its verdict goes to `owner`.
    /// - Parameter size: What the request took on the wire (for the buffer budget).
    /// - Parameter retryKey: The request's id and URL (``retryKey(_:)``), when it carries an id.
    func handleURL(_ bytes: [UInt8], options: OpenOptions, size: Int, owner: VerdictOwner, retryKey: String? = nil) {
        let url: SchemeURL
        do throws(URLRejection) {
            url = try SchemeURL(bytes: bytes)
        } catch {
            answer(owner, with: DeliveryVerdict(error))
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
        let queued = QueuedURL(routed: routed, options: options, delivery: nextDelivery())
        switch phase {
        case .collecting, .launching:
            // Held until the launch ends: the URL, its text and components, and the annotation.
            guard reserve(Self.queuedCost(payloadSize: size), for: owner) else {
                if let retryKey { abandon(retryKey) }
                return
            }
            enqueue(.open(queued, owner: owner, retryKey: retryKey))
        case .running:
            perform(.open(queued, owner: owner, retryKey: retryKey))
        case .terminating:
            answer(owner, terminating: true)
        }
    }

    /// Sends a verdict to whoever is owed it.
    func answer(_ owner: VerdictOwner, with verdict: DeliveryVerdict) {
        switch owner {
        case .socket(let connection, let request):
            reply(verdict, to: request, on: connection)
        case .bus(let call, let index):
            recordBusOutcome(.verdict(verdict), call: call, index: index)
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
        case .bus(let call, _):
            // `open` admitted the whole call against the budget, so this holds.
            guard bufferedBytes + bytes <= settings.maximumBufferedBytes else {
                answer(owner, with: .busy("the primary's buffer budget is full"))
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
    func reply(_ verdict: DeliveryVerdict, to request: UInt32, on connection: Connection) {
        connection.send(VerdictMessage(request: request, verdict: verdict).frame.encoded)
    }

    /// A control command arrived: it goes the way of every command (``submit(_:)``).
    func handleControl(_ request: ControlRequest, from connection: Connection) {
        let caller = CommandCaller.socket(connection, request: request.request)
        switch request.command {
        case .terminate, .forceQuit:
            submit(.terminate(discardingState: request.command == .forceQuit, caller: caller))
        case .activate:
            submit(.activate(activationToken: request.activationToken, caller: caller))
        default:
            submit(.lifecycle(request.command, caller: caller))
        }
    }
}

extension AppIdentity {
    /// Why the app refuses `url` before any hook runs: a scheme it does not declare.
    func rejection(of url: SchemeURL) -> DeliveryVerdict? {
        guard !declares(url.scheme) else { return nil }
        return .rejected(
            code: "undeclared-scheme", offset: 0,
            message: "\(name) does not declare the scheme '\(url.scheme)' (it declares: \(schemes.joined(separator: ", ")))")
    }
}
