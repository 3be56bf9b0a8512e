internal import SchemeRouter
internal import SchemeRouterRuntime

/// The fast path: a URL handed straight to a running SchemeRouter app over its socket, with the
/// runtime's `WakeClient` (which finds the socket through this process's `XDG_RUNTIME_DIR`).
enum PrimaryWake {
    /// The app's verdict, or `nil` when its primary is not running (the caller launches it).
    static func send(url: String, to bundleName: ReverseDNSName, source: String, options: OpenURLOptions) -> OpenVerdict? {
        do {
            guard let client = try WakeClient.connect(
                to: bundleName.rawValue, replyTimeout: options.timeout, busyRetry: options.busyRetry) else { return nil }
            return OpenVerdict(client.open(
                url, sourceApplication: source, annotation: options.annotation, activationToken: options.activationToken))
        } catch {
            switch error.exitStatus {
            case .noAnswer: return .noAnswer(error.description)
            case .busy: return .busy(error.description)
            // A socket served by another user (a squatter), or an unsafe runtime directory: the
            // app itself exits 77 for the same reason.
            case .runtimeDirectoryRefused: return .refused(error.description)
            default: return .launchFailed(error.description)
            }
        }
    }
}

extension OpenVerdict {
    /// The desktop's reading of a runtime verdict.
    init(_ verdict: WakeVerdict) {
        switch verdict {
        case .handled, .launched: self = .handled
        case .declined: self = .declined
        case .rejected(let code, let offset, let message): self = .rejected(code: code, offset: offset, message: message)
        case .openFailed(let reason): self = .openFailed(reason)
        case .launchFailed(let reason): self = .launchFailed(reason)
        case .launchTimedOut: self = .launchTimedOut
        case .hookTimedOut(let reason): self = .hookTimedOut(reason)
        case .terminated: self = .terminated
        case .noAnswer(let reason): self = .noAnswer(reason)
        case .unresponsive(let reason): self = .unresponsive(reason)
        case .busy(let reason): self = .busy(reason)
        case .protocolError(let reason): self = .protocolError(reason)
        }
    }
}
