extension SchemeRegistry {
    /// Matches a URL to its route and calls `body` with its typed values, read in place.
    ///
    /// The same match as ``route(_:)``, with the same errors, but nothing is kept: the values
    /// stay in memory that lives only while `body` runs, and a `String` or array is made only
    /// for the values `body` reads. Use it where URLs arrive in bulk; use ``route(_:)`` (or
    /// ``RouteValues/match``) for a match to keep.
    ///
    /// ```swift
    /// let task = try registry.withRoute(url) { values throws(RouteError) in try values.request(AddTask.self) }
    /// ```
    /// This overload keeps the thrown type (``RouteError``) when the closure says it throws only
    /// that, or does not throw; a closure that does not write its thrown type takes the one below.
    /// - Throws: what ``route(_:)`` throws, else what `body` throws.
    @inlinable
    public func withRoute<Result>(
        _ url: SchemeURL, _ body: (borrowing RouteValues) throws(RouteError) -> Result
    ) throws(RouteError) -> Result {
        var result: Result?
        try withRouteValues(url) { values throws(RouteError) in result = try body(values) }
        return result.unsafelyUnwrapped
    }

    /// The `withRoute` above, for a closure that throws errors of its own type, or whose thrown
    /// type is not written (Swift infers `any Error` for such a closure): the same matching, and
    /// what the closure throws comes out unchanged, beside the routing errors.
    ///
    /// ```swift
    /// let task = try registry.withRoute(url) { values in try values.request(AddTask.self) }
    /// ```
    /// - Throws: a ``RouteError`` as ``route(_:)`` throws it, else what `body` throws.
    @inlinable
    public func withRoute<Result, Failure: Error>(
        _ url: SchemeURL, _ body: (borrowing RouteValues) throws(Failure) -> Result
    ) throws -> Result {
        var result: Result?
        var failure: Failure?
        try withRouteValues(url) { values throws(RouteError) in
            do throws(Failure) { result = try body(values) } catch { failure = error }
        }
        if let failure { throw failure }
        return result.unsafelyUnwrapped
    }

    /// ``withRoute(_:_:)`` without its result: one compiled copy, whatever the result's type.
    @usableFromInline
    func withRouteValues(_ url: SchemeURL, _ body: (borrowing RouteValues) throws(RouteError) -> Void) throws(RouteError) {
        try withUnsafePointer(to: url) { address throws(RouteError) in
            try url.text.utf8.span.withUnsafeBufferPointer { bytes throws(RouteError) in
                guard let index = declarationIndex(url, bytes: bytes) else { throw .unknownScheme(url.scheme) }
                if try FastMatcher.withValues(unretainedMatchers[index], url.layout, at: address, bytes: bytes, body) { return }
                let match = try declarations[index].preciseMatch(url, bytes: bytes)
                try withUnsafePointer(to: match) { match throws(RouteError) in try body(RouteValues(.match(match), url: address)) }
            }
        }
    }
}
