internal import Glibc
internal import SchemeRouter

extension Invocation {
    /// `app --gapplication-service`: the session bus started the app for a call on its name.
    /// Become the primary without detaching (the bus waits for the name, not for an exit) and
    /// launch with the first request's URL; if a primary already runs, it has the name.
    func serveBus(makeDelegate: @escaping @MainActor (SchemeDeclaration) -> any ApplicationDelegate) -> Never {
        let files = prepareFiles()
        switch elect(files) {
        case .sender:
            Log.error("\(name) is already running; it serves its bus name")
            exit(ExitStatus.success.rawValue)
        case .primary(let lock):
            settings.detach = false
            becomePrimary(lock, files: files, request: LaunchRequest(byBus: true), makeDelegate: makeDelegate)
        case .notRunning:
            preconditionFailure("an app invocation may become the primary")
        }
    }
}
