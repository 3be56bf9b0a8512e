internal import SchemeRouterLifecycle
internal import SchemeRouterSender
/// An `Open` call whose URIs are on their way through the primary: its reply waits until every
/// URI has its verdict.
@MainActor
final class BusOpenCall {
    /// The call, answered once.
    let message: BusMessage
    /// The URIs as sent, for the error message.
    let uris: [String]
    /// Each URI's verdict, in the call's order.
    private(set) var verdicts: [DeliveryVerdict?]
    private var remaining: Int
    /// Bytes this call's queued URIs count against the primary's buffer budget.
    var heldBytes = 0
    /// An error that replaces the verdicts' (the buffer budget was full).
    var overridingError: (name: String, message: String)?

    init(message: BusMessage, uris: [[UInt8]]) {
        self.message = message
        self.uris = uris.map { String(decoding: $0, as: UTF8.self) }
        verdicts = Array(repeating: nil, count: uris.count)
        remaining = uris.count
    }

    /// Records a URI's verdict; `true` when it was the last one owed.
    func record(_ verdict: DeliveryVerdict, at index: Int) -> Bool {
        guard verdicts[index] == nil else { return false }
        verdicts[index] = verdict
        remaining -= 1
        return remaining == 0
    }

    /// The reply: success when every URI was handled, otherwise the first failure's error name
    /// and one line per URI that was not handled (its verdict, with the reason and byte offset).
    func answer(names: BusNames) {
        if let overridingError {
            message.reply(error: overridingError.name, message: overridingError.message)
            return
        }
        let failures = zip(uris, verdicts).compactMap { uri, verdict -> (String, DeliveryVerdict)? in
            guard let verdict, !verdict.isSuccess else { return nil }
            return (uri, verdict)
        }
        guard let first = failures.first else {
            message.replyEmpty()
            return
        }
        let text = failures.map { uri, verdict in "\(uri): \(verdict)" }.joined(separator: "\n")
        message.reply(error: names.errorName(for: first.1), message: text)
    }
}
