internal import SchemeRouter
internal import SchemeRouterLifecycle
internal import SchemeRouterPlatform
internal import SchemeRouterSender

/// The primary's one way from a parsed URL to the app's request: the scheme check, then the
/// core's ``AppRouter`` (route and typed request). Every URL, the launch URL included, goes
/// through ``route(_:)`` before any hook runs. A `file:` URL is a document: the file is checked
/// here (the one place the runtime looks at it: `stat`, never its contents), then its name picks
/// the document type.
struct PrimaryRouter: Sendable {
    /// The app's identity (its declared schemes).
    let app: AppIdentity
    /// The compiled manifest, tied to the delegate's request type.
    let router: AppRouter

    /// Routes `url` and reads it as the app's request.
    /// - Throws: ``RouteRefusal`` with the `rejected` verdict: `undeclared-scheme`, the
    ///   ``RouteError``'s code, byte offset and message, or a document's `DocumentFileError`.
    func route(_ url: SchemeURL) throws(RouteRefusal) -> RoutedURL {
        if FileURL.isFileURL(url) { return try routeDocument(url) }
        if let rejection = app.rejection(of: url) { throw RouteRefusal(verdict: rejection) }
        do throws(RouteError) {
            return try router.route(url)
        } catch {
            throw RouteRefusal(verdict: DeliveryVerdict(error))
        }
    }

    /// A file: its URL names a local path, the file there is a regular file this user may read
    /// (checked without opening it), and its name is of a declared document type.
    private func routeDocument(_ url: SchemeURL) throws(RouteRefusal) -> RoutedURL {
        guard router.declaration.opensDocuments else {
            throw RouteRefusal(verdict: .rejected(
                code: "undeclared-type", offset: 0,
                message: "\(app.name) declares no document types, so it opens no files (CFBundleDocumentTypes in its manifest)"))
        }
        let path: (path: String, offset: Int)
        do throws(RouteError) { path = try FileURL.path(of: url) } catch { throw RouteRefusal(verdict: DeliveryVerdict(error)) }
        let resolved: String
        do throws(DocumentFileError) {
            resolved = try DocumentFile.resolve(path.path)
        } catch {
            throw RouteRefusal(verdict: .rejected(code: error.code, offset: path.offset, message: error.description))
        }
        do throws(RouteError) {
            return try router.route(document: router.declaration.document(at: url, resolvedPath: resolved))
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
