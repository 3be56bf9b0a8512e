/// Every app's declaration, indexed by scheme: the answer to "which app owns this URL, and what
/// does it mean?".
///
/// A scheme, and a `CFBundleURLName` (compared case-insensitively), belongs to one declaration only:
/// iOS leaves a scheme claimed twice undefined; SchemeRouter refuses it and names both claimants.
///
/// ```swift
/// let registry = try SchemeRegistry(manifests: [todolist, notes])
/// let match = try registry.route(SchemeURL("todolist://www.acme.com?Quarterly%20Report#200806231300"))
/// ```
public struct SchemeRegistry: Sendable {
    /// The declarations, in the order given.
    public let declarations: [SchemeDeclaration]
    /// Each scheme's declaration index, looked up by its bytes ignoring case.
    let schemeTable: KeyTable
    /// Each declaration's matcher, by the same index, unretained (`declarations` own them).
    let matchers: [Unmanaged<RouteMatcher>]

    /// Indexes declarations.
    /// - Throws: ``ManifestError/schemeClaimedTwice(scheme:first:second:)`` or
    ///   ``ManifestError/nameClaimedTwice(name:first:second:)``.
    public init(_ declarations: [SchemeDeclaration]) throws(ManifestError) {
        var byScheme: [String: Int] = [:]
        var byName: [String: Int] = [:]
        for (index, declaration) in declarations.enumerated() {
            if let first = byName.updateValue(index, forKey: declaration.name.rawValue.lowercased()) {
                throw .nameClaimedTwice(
                    name: declaration.name.rawValue, first: declarations[first].reference(to: "CFBundleURLName"),
                    second: declaration.reference(to: "CFBundleURLName"))
            }
            for (position, scheme) in declaration.schemes.enumerated() {
                if let first = byScheme.updateValue(index, forKey: scheme.rawValue) {
                    let firstPosition = declarations[first].schemes.firstIndex(of: scheme)!
                    throw .schemeClaimedTwice(
                        scheme: scheme.rawValue, first: declarations[first].reference(to: "CFBundleURLSchemes[\(firstPosition)]"),
                        second: declaration.reference(to: "CFBundleURLSchemes[\(position)]"))
                }
            }
        }
        self.declarations = declarations
        self.matchers = declarations.map { Unmanaged.passUnretained($0.matcher) }
        self.schemeTable = KeyTable(byScheme.map { (0, $0.key, $0.value) }, foldsCase: true)
    }

    /// Validates manifests and indexes their declarations.
    /// - Throws: the first ``ManifestError`` of any manifest, or of the set.
    public init(manifests: [Manifest]) throws(ManifestError) {
        var declarations: [SchemeDeclaration] = []
        for manifest in manifests { declarations.append(try SchemeDeclaration(manifest)) }
        try self.init(declarations)
    }

    /// Every problem in a set of manifests, not just the first: each manifest's first error,
    /// then the claims that clash between the valid ones. Empty when all is well.
    public static func problems(in manifests: [Manifest]) -> [ManifestError] {
        var problems: [ManifestError] = []
        var valid: [SchemeDeclaration] = []
        for manifest in manifests {
            do { valid.append(try SchemeDeclaration(manifest)) } catch { problems.append(error) }
        }
        // Report every clash: drop the second claimant and try again until the rest fit.
        while case .failure(let error) = Result(catching: { () throws(ManifestError) in try SchemeRegistry(valid) }) {
            problems.append(error)
            guard let index = valid.lastIndex(where: { $0.file == error.file }) else { break }
            valid.remove(at: index)
        }
        return problems
    }

    /// The declaration that owns `scheme` (compared case-insensitively), or `nil`.
    public func declaration(claiming scheme: String) -> SchemeDeclaration? {
        let index = schemeTable.value(for: scheme)
        return index >= 0 ? declarations[index] : nil
    }

    /// Matches a URL to the route of the declaration that owns its scheme.
    /// - Throws: ``RouteError/unknownScheme(_:)`` when no declaration owns the scheme, else
    ///   what ``SchemeDeclaration/match(_:)`` throws.
    public func route(_ url: SchemeURL) throws(RouteError) -> RouteMatch {
        try url.text.utf8.span.withUnsafeBufferPointer { bytes throws(RouteError) -> RouteMatch in
            // Schemes are at most 64 bytes once claimed; a longer one is nobody's.
            let scheme = url.layout.scheme
            let index = scheme.count <= SchemeName.maximumLength ? schemeTable.value(for: UnsafeBufferPointer(rebasing: bytes[scheme])) : -1
            guard index >= 0 else { throw .unknownScheme(url.scheme) }
            // `_withUnsafeGuaranteedRef` does not forward typed throws, hence the `Result`.
            let matched = matchers[index]._withUnsafeGuaranteedRef { matcher in
                Result { () throws(RouteError) in try matcher.match(url, bytes: bytes) }
            }
            return try matched.get()
        }
    }
}
