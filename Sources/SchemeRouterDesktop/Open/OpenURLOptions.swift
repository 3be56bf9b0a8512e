/// How ``URLOpener/open(_:options:)`` sends a URL.
public struct OpenURLOptions: Sendable, Hashable {
    /// Who the sender says it is: the receiving app sees it as `sourceApplication` (a claim,
    /// marked as such; the receiver also learns the sender's pid and uid from the kernel when
    /// the URL comes over its socket). `nil` uses the name of this executable.
    public var sourceApplication: String?
    /// Free-form data for the receiving app's `open` (`OpenOptions.annotation`).
    public var annotation: String?
    /// Wait for a SchemeRouter app's verdict (`true`), or return `DeliveryVerdict/delivered` as
    /// soon as the URL is handed over.
    public var waitForVerdict: Bool
    /// The longest wait for a verdict; past it the verdict is `DeliveryVerdict/noAnswer(_:)`.
    public var timeout: Duration
    /// The desktop's activation token for the window the URL presents: sent with the URL to a
    /// running app, or given to a launched one as `XDG_ACTIVATION_TOKEN` and
    /// `DESKTOP_STARTUP_ID`. A sender passes its own with `ActivationToken.take()`.
    public var activationToken: String?
    /// How long to keep sending when the app's primary answers `busy` (at its connection limit
    /// or out of descriptors) before the verdict is `DeliveryVerdict/busy(_:)`; `nil` uses
    /// `SCHEMEROUTER_BUSY_RETRY_MS` or 2 s. A launched handler gets it as that variable.
    public var busyRetry: Duration?
    /// Inside a Flatpak sandbox, ask the OpenURI portal to let the user choose the application
    /// even when there is a default (the portal's `ask` option). Outside a sandbox the default
    /// handler is used as always: SchemeRouter shows no chooser of its own.
    public var askForChooser: Bool

    /// Options; by default the verdict is awaited for at most 35 s (the runtime's launch
    /// deadline plus its reply allowance).
    public init(
        sourceApplication: String? = nil, annotation: String? = nil, waitForVerdict: Bool = true,
        timeout: Duration = .seconds(35), activationToken: String? = nil, busyRetry: Duration? = nil, askForChooser: Bool = false
    ) {
        self.askForChooser = askForChooser
        self.busyRetry = busyRetry
        self.activationToken = activationToken
        self.sourceApplication = sourceApplication
        self.annotation = annotation
        self.waitForVerdict = waitForVerdict
        self.timeout = timeout
    }
}
