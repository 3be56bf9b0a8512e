internal import Glibc
internal import SchemeRouter
internal import SchemeRouterLifecycle
internal import SchemeRouterSender
internal import SchemeRouterPlatform

extension Invocation {
    /// `app --gapplication-service`: the session bus started the app for a call on its name.
    /// Become the primary without detaching (the bus waits for the name, not for an exit) and
    /// launch with the first request's URL; if a primary already runs, it has the name.
    func serveBus(factory: AppFactory) -> Never {
        let files = prepareFiles()
        switch elect(files) {
        case .sender:
            Log.error("\(name) is already running; it serves its bus name")
            exit(ExitStatus.success.rawValue)
        case .primary(let lock):
            settings.detach = false
            let router = primaryRouter(factory)
            becomePrimary(lock, files: files, router: router, request: LaunchRequest(byBus: true), report: nil, taken: [], factory: factory)
        case .notRunning:
            preconditionFailure("an app invocation may become the primary")
        }
    }
}
