/// An app's routes as one Swift type: what `ApplicationDelegate/open(_:options:)` (`SchemeRouterLifecycle`) receives.
///
/// The `SchemeRouterGenerator` build-tool plugin generates it from the app's manifest
/// (`Schemes/notes.json` in the target makes `NotesRequest`): an enum with one case per route, each
/// with the route's values typed, the initializer that reads them by position, printing back to a
/// URL (``PrintableRequest``) and the manifest itself (``manifest``):
///
/// ```swift
/// enum NotesRequest: AppRequest, PrintableRequest, Hashable {   // generated
///     case open(id: Int)
///     case new(title: String, tags: [String])
///     case search(query: String)
///     case document(DocumentRequest)   // a .note file (CFBundleDocumentTypes)
///     …
/// }
/// ```
///
/// The runtime routes every URL with ``manifest`` and builds the request before any hook runs: a
/// URL the parser rejects, that matches no route, or whose values ``init(match:)`` refuses is
/// answered `rejected` with the reason, and `open` never sees it. Because the type carries the
/// manifest it was made from, a route the app does not handle fails to compile (the `switch` in
/// `open` misses a case) and the two cannot disagree.
///
/// A type written by hand (for a build without SwiftPM's plugins) names its manifest the same
/// way; `SchemeRouterTestKit`'s `RequestTypeCheck` then tests that it reads every route.
public protocol AppRequest: Sendable {
    /// The manifest the type reads URLs of, embedded in the executable.
    static var manifest: EmbeddedManifest { get }
    /// Reads the request from a URL matched to one of the manifest's routes.
    /// - Throws: ``RouteError`` naming the value (and its byte offset in the URL).
    init(match: RouteMatch) throws(RouteError)
    /// The request for a file of one of the manifest's document types (the generated type's
    /// `.document` case). Types of manifests without document types keep the default, which
    /// refuses: the router never calls it for them.
    /// - Throws: ``RouteError``.
    init(document: DocumentRequest) throws(RouteError)
}

extension AppRequest {
    /// Refuses every file: the manifest declares no document types.
    public init(document: DocumentRequest) throws(RouteError) {
        throw .undeclaredDocumentType(fileName: String(document.fileName), offset: 0, declared: [])
    }
}
