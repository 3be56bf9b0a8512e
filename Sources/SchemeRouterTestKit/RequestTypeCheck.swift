public import SchemeRouter

/// Checks an `AppRequest` type written by hand against the manifest it carries: a
/// URL of every route, printed from valid values, and a file of every document type must read as
/// the type without an error. (A type
/// the `SchemeRouterGenerator` plugin generates reads every route by construction.)
///
/// ```swift
/// @Test func requestTypeReadsEveryRoute() throws {
///     try RequestTypeCheck.check(MyRequest.self)   // throws naming each route the type cannot read
/// }
/// ```
///
/// Write a request type by hand only where SwiftPM's plugins do not run (another build system);
/// everywhere else the plugin's type is the one way.
public enum RequestTypeCheck {
    /// The routes a request type could not read, each with the URL tried and the error.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// One route that failed.
        public struct Route: Sendable, Hashable {
            /// The route's name.
            public let name: String
            /// The URL tried, when one could be printed.
            public let url: String?
            /// Why the route failed.
            public let reason: String
        }

        /// The request type's name.
        public let requestType: String
        /// The routes that failed, in manifest order.
        public let routes: [Route]

        /// `TooFew does not read Schemes/x.json: route 'item' (x://h/item/1): no route named …`.
        public var description: String {
            let failed = routes.map { "route '\($0.name)'" + ($0.url.map { " (\($0))" } ?? "") + ": \($0.reason)" }
            return "\(requestType) does not read every route of its manifest: " + failed.joined(separator: "; ")
        }
    }

    /// Routes a URL of every route of `Request.manifest` and reads it as `Request`, and a file of
    /// every document type (`/tmp/sample.<extension>`, read as `init(document:)`).
    /// - Throws: ``Failure`` naming every route (or document type) whose URL `Request` could not
    ///   read, or whose URL could not be made.
    public static func check<Request: AppRequest>(_ type: Request.Type) throws(Failure) {
        let declaration: SchemeDeclaration
        do throws(ManifestError) {
            declaration = try Request.manifest.declaration()
        } catch {
            throw Failure(requestType: "\(Request.self)", routes: [.init(name: "", url: nil, reason: "the manifest is invalid: \(error)")])
        }
        var failed: [Failure.Route] = []
        for route in declaration.routes {
            var parameters = RouteParameters()
            for (name, spec) in route.parameters {
                let value = sample(spec)
                parameters[name] = spec.isRepeated ? .list([value]) : value
            }
            let url: SchemeURL
            do throws(RouteError) {
                url = try declaration.url(route: route.name, parameters: parameters)
            } catch {
                failed.append(.init(name: route.name, url: nil, reason: "no URL could be made: \(error)"))
                continue
            }
            do throws(RouteError) {
                _ = try Request(match: try declaration.match(url))
            } catch {
                failed.append(.init(name: route.name, url: url.text, reason: error.description))
            }
        }
        // A file of every document type, read through `init(document:)`.
        for type in declaration.documentTypes {
            guard let fileExtension = declaration.fileExtensions(of: type).first else { continue }
            let url = FileURL.url(forPath: "/tmp/sample." + fileExtension.rawValue)
            do throws(RouteError) {
                _ = try Request(document: try declaration.document(at: url))
            } catch {
                failed.append(.init(name: type.name, url: url.text, reason: error.description))
            }
        }
        if !failed.isEmpty { throw Failure(requestType: "\(Request.self)", routes: failed) }
    }

    /// A valid value of a parameter's type.
    static func sample(_ spec: ParameterSpec) -> ParameterValue {
        switch spec.kind {
        case .string(let minLength, let maxLength):
            return .string(String(repeating: "a", count: min(max(minLength, 1), maxLength ?? Int.max)))
        case .integer(let low, let high): return .integer(min(max(1, low), high))
        case .uuid: return .uuid(UUIDValue(high: 1, low: 1))
        case .boolean: return .boolean(true)
        case .enumeration(let values): return .string(values[0])
        case .date: return .date(CivilDateTime(year: 2000, month: 1, day: 1)!)
        case .remainder: return .list([.string("a")])
        case .url(let schemes):
            do throws(URLRejection) {
                return .url(try SchemeURL(schemes[0] + "://example.com/"))
            } catch {
                preconditionFailure("a URL of a valid scheme is rejected: \(error)")
            }
        }
    }
}
