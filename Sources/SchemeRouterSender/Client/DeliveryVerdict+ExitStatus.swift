public import SchemeRouterLifecycle

extension DeliveryVerdict {
    /// The documented exit status a process reports this verdict with (see ``ExitStatus``):
    /// `app URL`, `schemectl open` and every other sender exit alike for the same verdict.
    public var exitStatus: ExitStatus {
        switch self {
        case .handled, .launched: .success
        case .declined: .declined
        case .rejected: .rejected
        case .openFailed: .openFailed
        case .launchFailed: .launchFailed
        case .launchTimedOut: .launchTimedOut
        case .terminated: .terminated
        case .noAnswer: .noAnswer
        case .noHandler: .noHandler
        case .delivered: .delivered
        case .notOpened: .notOpened
        case .hookTimedOut: .hookTimedOut
        case .unresponsive: .unresponsive
        case .busy: .busy
        case .protocolError: .protocolError
        case .refused: .runtimeDirectoryRefused
        }
    }
}
