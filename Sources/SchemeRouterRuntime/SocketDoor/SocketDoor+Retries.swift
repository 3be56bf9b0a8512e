internal import SchemeRouterLifecycle
internal import SchemeRouterSender
/// The two rules that make a sender's exit status the truth (Docs/WakeProtocol.md, *Give-up and
/// retries*): a request whose sender gave up is never delivered, and a retried request (the same
/// `OpenRequest/requestID`) is answered with the first verdict instead of being delivered twice.
extension SocketDoor {
    /// Sends the receipt a version-2 request asks for: `false` (the request is dropped, not
    /// delivered) when it cannot reach the sender because the sender gave up.
    func takeDelivery(of request: UInt32, asked: Bool, on connection: Connection) -> Bool {
        guard asked else { return true }
        guard connection.acknowledge(request) else {
            primary.trace?.write(event: "dropped", reason: "request \(request): the sender gave up before the primary read it")
            return false
        }
        return true
    }

    /// Whether a URL queued during the launch is still wanted right before its `open`: its
    /// sender still holds the connection, or a retry waits for it.
    func stillWanted(_ connection: Connection, id: String?) -> Bool {
        if connection.senderIsPresent { return true }
        if let id, requestMemory.hasWaiters(id) { return true }
        if let id { abandon(id) }
        primary.trace?.write(event: "dropped", reason: "a queued URL's sender closed its connection before the URL's turn")
        return false
    }

    /// Answers a retry of a request already seen; `true` when it was answered (or waits for the
    /// first one's verdict) here and must not be delivered.
    func answerRetry(key id: String, request: UInt32, on connection: Connection) -> Bool {
        guard primary.phase != .terminating else { return false }
        switch requestMemory[id] {
        case .answered(let verdict):
            reply(verdict, to: request, on: connection)
            return true
        case .pending:
            requestMemory.wait(for: id, connection: connection, request: request)
            connection.owedReplies += 1
            return true
        case nil:
            requestMemory.begin(id)
            return false
        }
    }

    /// What identifies a request across retries: its id and its URL (an id reused for another
    /// URL is another request, never a reason to drop that URL).
    static func retryKey(_ request: OpenRequest) -> String? {
        guard let id = request.requestID else { return nil }
        return id + "\u{0}" + String(decoding: request.url, as: UTF8.self)
    }

    /// Records the verdict of a delivered request with an id and answers the retries waiting for it.
    func settle(_ id: String?, _ verdict: DeliveryVerdict) {
        guard let id else { return }
        for waiter in requestMemory.settle(id, verdict) {
            reply(verdict, to: waiter.request, on: waiter.connection)
            waiter.connection.replyDelivered()
        }
    }

    /// Forgets an id whose request was not delivered; retries waiting for it are told
    /// `terminated` (not delivered: they may send it again).
    func abandon(_ id: String) {
        for waiter in requestMemory.abandon(id) {
            reply(.terminated, to: waiter.request, on: waiter.connection)
            waiter.connection.replyDelivered()
        }
    }
}
