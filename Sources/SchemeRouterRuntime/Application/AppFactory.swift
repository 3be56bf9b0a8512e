internal import SchemeRouter
internal import SchemeRouterLifecycle
internal import SchemeRouterSender

/// What the runtime needs of the app's delegate type, without being generic over it: its
/// request type's manifest, the router that reads URLs as that type, and how to create the
/// delegate and the one lifecycle controller that drives it (with or without scenes).
@MainActor
struct AppFactory {
    /// The manifest the delegate's request type carries.
    let manifest: EmbeddedManifest
    /// The router of the delegate's request type over its compiled manifest.
    let makeRouter: @MainActor (SchemeDeclaration) -> AppRouter
    /// Creates the delegate (the app's factory) and the controller that drives it.
    let makeController: @MainActor (AppRouter, LifecycleConfiguration) -> LifecycleController

    init<Delegate: ApplicationDelegate>(_ makeDelegate: @escaping @MainActor () -> Delegate) {
        manifest = Delegate.Request.manifest
        makeRouter = { declaration in AppRouter(declaration, requestType: Delegate.Request.self) }
        makeController = { router, configuration in
            LifecycleController(delegate: makeDelegate(), router: router, clock: MonotonicClock(), configuration: configuration)
        }
    }
}
