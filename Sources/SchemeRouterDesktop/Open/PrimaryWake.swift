internal import SchemeRouterLifecycle
internal import SchemeRouter
internal import SchemeRouterSender

/// The fast path: a URL handed straight to a running SchemeRouter app over its socket, with the
/// runtime's `WakeClient` (which finds the socket through this process's `XDG_RUNTIME_DIR`; for
/// an app installed as a Flatpak, in `$XDG_RUNTIME_DIR/app/<app id>/`).
enum PrimaryWake {
    /// The app's verdict, or `nil` when its primary is not running (the caller launches it).
    static func send(
        url: String, to bundleName: ReverseDNSName, flatpakApp: String?, source: String, options: OpenURLOptions
    ) -> DeliveryVerdict? {
        do {
            guard let client = try WakeClient.connect(
                to: bundleName.rawValue, replyTimeout: options.timeout, busyRetry: options.busyRetry, flatpakApp: flatpakApp)
            else { return nil }
            return client.open(
                url, sourceApplication: source, annotation: options.annotation, activationToken: options.activationToken)
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
