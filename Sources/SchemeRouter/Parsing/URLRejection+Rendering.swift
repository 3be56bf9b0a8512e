extension URLRejection {
    /// Renders the rejection for a terminal: the message, the input (bytes that cannot be shown
    /// are escaped as `\xNN`), and a caret under the offending byte.
    ///
    /// ```
    /// error: raw space: percent-encode it as %20 at byte 18
    ///   todolist://acme/a b
    ///                    ^
    /// ```
    /// Long inputs are cut to a window of about 70 columns around the fault, marked with `…`.
    ///
    /// - Parameter input: the exact bytes that were parsed.
    public func render(input: some Collection<UInt8>) -> String {
        let bytes = Array(input)
        let fault = min(offset, max(0, bytes.count - 1))
        let window = 32
        let lower = max(0, fault - window)
        let upper = min(bytes.count, fault + window + 1)
        var line = lower > 0 ? "…" : ""
        var caretColumn = line.count
        for index in lower..<upper {
            if index == fault { caretColumn = line.count }
            let byte = bytes[index]
            if byte >= 0x21 && byte <= 0x7E {
                line.unicodeScalars.append(Unicode.Scalar(byte))
            } else if byte == 0x20 {
                line += " "
            } else {
                line += "\\x" + Self.hex(UInt32(byte), width: 2)
            }
        }
        if upper < bytes.count { line += "…" }
        if bytes.isEmpty { caretColumn = 0 }
        return "error: \(description)\n  \(line)\n  \(String(repeating: " ", count: caretColumn))^"
    }

    /// Renders the rejection for a string input; see ``render(input:)``.
    public func render(input: String) -> String {
        render(input: input.utf8)
    }
}
