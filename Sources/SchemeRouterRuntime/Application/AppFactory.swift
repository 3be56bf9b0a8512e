internal import SchemeRouter
internal import SchemeRouterLifecycle
internal import SchemeRouterSender

/// What the runtime needs of the app's delegate type, without being generic over it: how to tie
/// its request type to the manifest, and how to create the delegate and the one lifecycle
/// controller that drives it (with or without scenes).
@MainActor
struct AppFactory {
    /// Checks the delegate's request type against the compiled manifest.
    let makeRouter: @MainActor (SchemeDeclaration) throws(RequestTypeMismatch) -> AppRouter
    /// Creates the delegate (the app's factory) and the controller that drives it.
    let makeController: @MainActor (AppRouter, LifecycleConfiguration) -> LifecycleController

    init<Delegate: ApplicationDelegate>(_ makeDelegate: @escaping @MainActor (SchemeDeclaration) -> Delegate) {
        makeRouter = { declaration throws(RequestTypeMismatch) in
            try AppRouter(declaration, requestType: Delegate.Request.self)
        }
        makeController = { router, configuration in
            LifecycleController(
                delegate: makeDelegate(router.declaration), router: router, clock: MonotonicClock(), configuration: configuration)
        }
    }
}
