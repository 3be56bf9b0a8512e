internal import SchemeRouterLifecycle
internal import SchemeRouterSender

/// An `Open` call whose URIs are on their way through the primary: its reply waits until every
/// URI has its outcome.
@MainActor
final class BusOpenCall {
    /// The call, answered once.
    let message: BusMessage
    /// The URIs as sent.
    let uris: [[UInt8]]
    /// Who called and what came with the call, for each URI's `open`.
    let options: OpenOptions
    /// The earliest moment the call can have been sent, as far as the primary can tell
    /// (``BusCallClock``): its age is at most the time since.
    let since: Duration
    /// Each URI's outcome, in the call's order.
    private(set) var outcomes: [Outcome?]
    private var remaining: Int
    /// The next URI to hand to the primary (the door hands them one per loop turn).
    var next = 0
    /// Bytes this call's queued URIs count against the primary's buffer budget.
    var heldBytes = 0
    /// The door lost the connection the call came on: the daemon told the caller, so the URIs not
    /// yet started are not delivered.
    var isAbandoned = false

    /// What became of one URI.
    enum Outcome {
        /// It went through the primary and got this verdict.
        case verdict(DeliveryVerdict)
        /// Its turn came too late (``BusDoor/callWindow(hookDeadline:)``) or its call was
        /// abandoned: not delivered.
        case notDelivered(String)
    }

    init(message: BusMessage, uris: [[UInt8]], options: OpenOptions, since: Duration) {
        self.message = message
        self.uris = uris
        self.options = options
        self.since = since
        outcomes = Array(repeating: nil, count: uris.count)
        remaining = uris.count
    }

    /// Whether every URI has been handed to the primary.
    var isStarted: Bool { next >= uris.count }

    /// Records a URI's outcome; `true` when it was the last one owed.
    func record(_ outcome: Outcome, at index: Int) -> Bool {
        guard outcomes[index] == nil else { return false }
        outcomes[index] = outcome
        remaining -= 1
        return remaining == 0
    }

    /// Records `outcome` for every URI not yet handed to the primary; `true` when nothing else is owed.
    func finishRemaining(_ outcome: Outcome) -> Bool {
        var finished = false
        while next < uris.count {
            finished = record(outcome, at: next) || finished
            next += 1
        }
        return finished
    }

    /// The reply: success when every URI was handled, otherwise an error named after the first
    /// failure with one line per URI that was not handled (its 1-based position, the URI, what
    /// became of it). Each line is at most ``maximumLineBytes`` and a call holds at most
    /// ``BusDoor/maximumURIsPerCall`` URIs, so the reply stays far below the bus's message limit
    /// whatever the call.
    func answer(names: BusNames) {
        var firstFailure: Outcome?
        var lines: [String] = []
        for (index, outcome) in outcomes.enumerated() {
            guard let outcome else { continue }
            if case .verdict(let verdict) = outcome, verdict.isSuccess { continue }
            if firstFailure == nil { firstFailure = outcome }
            lines.append(Self.line(position: index + 1, uri: uris[index], outcome: outcome))
        }
        guard let firstFailure else {
            message.replyEmpty()
            return
        }
        let name =
            switch firstFailure {
            case .verdict(let verdict): names.errorName(for: verdict)
            case .notDelivered: names.expired
            }
        message.reply(error: name, message: lines.joined(separator: "\n"))
    }

    /// The longest line of an error reply, in bytes.
    static let maximumLineBytes = 1024
    /// How much of a URI a line shows, in bytes (a longer one is cut and its length given).
    static let shownURIBytes = 256

    /// `[3] loadprobe://decline/: declined`, cut to ``maximumLineBytes`` at a character boundary.
    static func line(position: Int, uri: [UInt8], outcome: Outcome) -> String {
        let shown =
            uri.count <= shownURIBytes
            ? String(decoding: uri, as: UTF8.self)
            : Self.prefix(String(decoding: uri, as: UTF8.self), bytes: shownURIBytes) + "… (\(uri.count) bytes)"
        let what =
            switch outcome {
            case .verdict(let verdict): verdict.description
            case .notDelivered(let reason): "not delivered: \(reason)"
            }
        return Self.prefix("[\(position)] \(shown): \(what)", bytes: maximumLineBytes)
    }

    /// The longest prefix of `text` of at most `bytes` UTF-8 bytes, ending with `…` when cut.
    static func prefix(_ text: String, bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var kept = 0
        var result = ""
        for scalar in text.unicodeScalars {
            let size = String(scalar).utf8.count
            guard kept + size <= bytes - 3 else { break }
            kept += size
            result.unicodeScalars.append(scalar)
        }
        return result + "…"
    }
}
