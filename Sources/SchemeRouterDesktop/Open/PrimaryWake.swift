internal import SchemeRouter

/// The fast path: a URL handed straight to a running SchemeRouter app over its socket.
enum PrimaryWake {
    /// The app's verdict, or `nil` when its primary is not running (the caller launches it).
    static func send(
        url: String, to bundleName: ReverseDNSName, source: String, options: OpenURLOptions, environment: ProcessEnvironment
    ) -> OpenVerdict? {
        // The runtime's WakeClient (milestone/runtime-api) is not merged yet: always launch.
        nil
    }
}
