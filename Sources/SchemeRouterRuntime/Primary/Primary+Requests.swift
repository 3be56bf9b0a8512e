internal import SchemeRouter
internal import SchemeRouterLifecycle
internal import SchemeRouterSender

extension Primary {
    /// A URL arrived through either door: reject it before any hook if it is malformed, not the
    /// app's, matches no route or carries an invalid value; queue it during the launch (within
    /// the buffer budget); otherwise deliver it now (``perform(_:)``). Its verdict goes to `owner`.
    /// - Parameter size: What the request took on the wire (for the buffer budget).
    /// - Parameter retryKey: The request's id and URL (``SocketDoor/retryKey(_:)``), when it carries an id.
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
            socketDoor.answerRetry(key: retryKey, request: request, on: connection)
        {
            return
        }
        let queued = QueuedURL(routed: routed, options: options, delivery: nextDelivery())
        switch phase {
        case .collecting, .launching:
            // Held until the launch ends: the URL, its text and components, and the annotation.
            guard reserve(Self.queuedCost(payloadSize: size), for: owner) else {
                if let retryKey { socketDoor.abandon(retryKey) }
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
            socketDoor.reply(verdict, to: request, on: connection)
        case .bus(let call, let index):
            busDoor?.record(.verdict(verdict), call: call, index: index)
        case .invocation(let index):
            answerInvocation(verdict, index: index)
        }
    }

    /// Tells an owner the app is terminating.
    func answer(_ owner: VerdictOwner, terminating: Bool) {
        switch owner {
        case .socket(let connection, _):
            connection.fail(ErrorMessage(code: .terminated, message: "\(app.name) is terminating"))
        case .bus, .invocation:
            answer(owner, with: .terminated)
        }
    }

    /// Reserves budget for a queued request (a socket request's: ``SocketDoor/reserve(_:for:)``).
    private func reserve(_ bytes: Int, for owner: VerdictOwner) -> Bool {
        switch owner {
        case .socket(let connection, _):
            return socketDoor.reserve(bytes, for: connection)
        case .invocation:
            // The launching invocation's own URLs: they came with it, not through a door.
            return true
        case .bus(let call, _):
            // `open` admitted the whole call against the budget, so this holds.
            guard budget.fits(bytes) else {
                answer(owner, with: .busy("the primary's buffer budget is full"))
                return false
            }
            budget.hold(bytes)
            call.heldBytes += bytes
            return true
        }
    }

    /// What a request queued during the launch counts against the buffer budget: three times
    /// its payload (the parsed URL keeps its bytes, its text and its components), as much again
    /// for the request read from it, and a little for the bookkeeping.
    static func queuedCost(payloadSize: Int) -> Int { 4 * payloadSize + 512 }


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
