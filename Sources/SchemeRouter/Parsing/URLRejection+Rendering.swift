extension URLRejection {
    /// Renders the rejection for a terminal: the message, the input (bytes that cannot be shown
    /// are escaped as `\xNN`), and a caret under the offending byte.
    ///
    /// ```
    /// error: raw space: percent-encode it as %20 at byte 18
    ///   todolist://acme/a b
    ///                    ^
    /// ```
    /// Inputs longer than 72 bytes are cut to a window of about 70 columns around the fault, marked with `…`.
    ///
    /// - Parameter input: the exact bytes that were parsed.
    public func render(input: some Collection<UInt8>) -> String {
        CaretRendering.render(description, input: Array(input), offset: offset)
    }

    /// Renders the rejection for a string input; see ``render(input:)``.
    public func render(input: String) -> String {
        render(input: input.utf8)
    }
}
