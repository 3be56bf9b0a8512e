internal import SchemeRouter
internal import SchemeRouterLifecycle
internal import SchemeRouterSender

/// The primary's one way from a parsed URL to the app's request: the scheme check, then the
/// core's ``AppRouter`` (route and typed request). Every URL, the launch URL included, goes
/// through ``route(_:)`` before any hook runs.
struct PrimaryRouter: Sendable {
    /// The app's identity (its declared schemes).
    let app: AppIdentity
    /// The compiled manifest, tied to the delegate's request type.
    let router: AppRouter

    /// Routes `url` and reads it as the app's request.
    /// - Throws: ``RouteRefusal`` with the `rejected` verdict: `undeclared-scheme`, or the
    ///   ``RouteError``'s code, byte offset and message.
    func route(_ url: SchemeURL) throws(RouteRefusal) -> RoutedURL {
        if let rejection = app.rejection(of: url) { throw RouteRefusal(verdict: rejection) }
        do throws(RouteError) {
            return try router.route(url)
        } catch {
            throw RouteRefusal(verdict: DeliveryVerdict(error))
        }
    }
}

/// A URL the primary refuses before any hook runs.
struct RouteRefusal: Error {
    /// The `rejected` verdict the sender gets.
    let verdict: DeliveryVerdict
}
