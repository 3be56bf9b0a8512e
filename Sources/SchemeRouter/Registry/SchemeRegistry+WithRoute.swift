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

    /// Parses the URL `text` and routes it as ``withRoute(_:_:)`` does, in one step: the text is
    /// read in place, and no ``SchemeURL`` is made unless `body` asks for ``RouteValues/url``.
    /// The way to route URLs that arrive as text (a wake message, a line of input); it saves
    /// the copy of the text a ``SchemeURL`` keeps.
    ///
    /// ```swift
    /// let task = try registry.withRoute("todolist://x?milk") { values throws(RouteError) in try values.string("task") }
    /// ```
    /// - Parameter maximumLength: the longest text accepted, as for ``SchemeURL/init(_:maximumLength:)``.
    /// - Throws: ``RouteError/invalidURL(_:)`` with the parser's ``URLRejection`` when `text` is not
    ///   a valid URL, else what ``withRoute(_:_:)`` throws.
    @inlinable
    public func withRoute<Result>(
        _ text: String, maximumLength: Int = URLParser.defaultMaximumLength,
        _ body: (borrowing RouteValues) throws(RouteError) -> Result
    ) throws(RouteError) -> Result {
        var result: Result?
        try withRouteValues(text, maximumLength: maximumLength) { values throws(RouteError) in result = try body(values) }
        return result.unsafelyUnwrapped
    }

    /// The `withRoute` above, for a closure that throws errors of its own type, or whose thrown
    /// type is not written: what the closure throws comes out unchanged, beside the ``RouteError``s.
    /// - Throws: a ``RouteError`` as above, else what `body` throws.
    @inlinable
    public func withRoute<Result, Failure: Error>(
        _ text: String, maximumLength: Int = URLParser.defaultMaximumLength,
        _ body: (borrowing RouteValues) throws(Failure) -> Result
    ) throws -> Result {
        var result: Result?
        var failure: Failure?
        try withRouteValues(text, maximumLength: maximumLength) { values throws(RouteError) in
            do throws(Failure) { result = try body(values) } catch { failure = error }
        }
        if let failure { throw failure }
        return result.unsafelyUnwrapped
    }

    /// ``withRoute(_:_:)`` without its result: one compiled copy, whatever the result's type.
    @usableFromInline
    func withRouteValues(_ url: SchemeURL, _ body: (borrowing RouteValues) throws(RouteError) -> Void) throws(RouteError) {
        try withUnsafePointer(to: url.text) { text throws(RouteError) in
            try url.text.utf8.span.withUnsafeBufferPointer { bytes throws(RouteError) in
                try withRouteValues(text: text, bytes: bytes, layout: url.layout, body)
            }
        }
    }

    /// ``withRoute(_:maximumLength:_:)`` without its result: the text is borrowed, never copied
    /// (a copy would retain and release its storage per URL), and its bytes are read in place
    /// by the parser, the router and ``RouteValues``.
    @usableFromInline
    func withRouteValues(
        _ text: String, maximumLength: Int, _ body: (borrowing RouteValues) throws(RouteError) -> Void
    ) throws(RouteError) {
        try withUnsafePointer(to: text) { address throws(RouteError) in
            try text.utf8.span.withUnsafeBufferPointer { bytes throws(RouteError) in
                let layout: URLLayout
                do throws(URLRejection) {
                    layout = try URLParser.validate(bytes, maximumLength: maximumLength)
                } catch {
                    throw .invalidURL(error)
                }
                try withRouteValues(text: address, bytes: bytes, layout: layout, body)
            }
        }
    }

    /// Routes the URL `text` (whose UTF-8 is `bytes`) laid out by `layout`.
    @inline(__always)
    private func withRouteValues(
        text: UnsafePointer<String>, bytes: UnsafeBufferPointer<UInt8>, layout: URLLayout,
        _ body: (borrowing RouteValues) throws(RouteError) -> Void
    ) throws(RouteError) {
        guard let index = declarationIndex(layout, bytes: bytes) else {
            throw .unknownScheme(SchemeURL(text: text.pointee, layout: layout).scheme)
        }
        if try FastMatcher.withValues(unretainedMatchers[index], layout, text: text, bytes: bytes, body) { return }
        let match = try declarations[index].preciseMatch(SchemeURL(text: text.pointee, layout: layout), bytes: bytes)
        try withUnsafePointer(to: match) { match throws(RouteError) in
            try body(RouteValues(.match(match), text: text, layout: layout))
        }
    }
}
