internal import SchemeRouter

/// What the runtime needs of the app's delegate type, without being generic over it: how to tie
/// its request type to the manifest, and how to create the delegate and the controller that
/// drives it (a `SceneController` when the delegate opted in to scenes, else a
/// `LifecycleController`).
@MainActor
struct AppFactory {
    /// Checks the delegate's request type against the compiled manifest.
    let makeRouter: @MainActor (SchemeDeclaration) throws(RequestTypeMismatch) -> AppRouter
    /// Creates the delegate (the app's factory) and the controller that drives it.
    let makeDriver: @MainActor (AppRouter, LifecycleConfiguration) -> any AppDriver

    init<Delegate: ApplicationDelegate>(_ makeDelegate: @escaping @MainActor (SchemeDeclaration) -> Delegate) {
        makeRouter = { declaration throws(RequestTypeMismatch) in
            try AppRouter(declaration, requestType: Delegate.Request.self)
        }
        makeDriver = { router, configuration in
            let delegate = makeDelegate(router.declaration)
            if let sceneDelegate = delegate as? any SceneApplicationDelegate {
                return Self.sceneController(sceneDelegate, declaration: router.declaration, configuration: configuration)
            }
            return LifecycleController(delegate: delegate, router: router, clock: MonotonicClock(), configuration: configuration)
        }
    }

    /// The scene controller of a delegate that opted in to scenes.
    private static func sceneController<Delegate: SceneApplicationDelegate>(
        _ delegate: Delegate, declaration: SchemeDeclaration, configuration: LifecycleConfiguration
    ) -> SceneController {
        do throws(RequestTypeMismatch) {
            return try SceneController(
                delegate: delegate, declaration: declaration, clock: MonotonicClock(), configuration: configuration)
        } catch {
            // makeRouter checked this very request type against this declaration.
            preconditionFailure("\(error)")
        }
    }
}
