/// The one way SchemeRouter shows a fault in a URL: the message, the input on its own line (bytes
/// that cannot be shown escaped as `\xNN`), and a caret under the offending byte.
///
/// Inputs up to `fullWidth` columns are shown whole; longer ones are cut to a window of about 70
/// columns around the fault, marked with `…`.
public enum CaretRendering {
    /// The longest input shown whole.
    static let fullWidth = 72
    /// Bytes shown on each side of the fault in a window.
    static let window = 32

    /// `error: DESCRIPTION`, the input on its own line, and a caret under byte `offset`.
    /// - Parameters:
    ///   - description: The fault, usually ending `at byte N`.
    ///   - bytes: The exact input.
    ///   - offset: The byte offset of the fault (past the end points just after the input).
    public static func render(_ description: String, input bytes: [UInt8], offset: Int) -> String {
        let fault = min(offset, max(0, bytes.count - 1))
        let windowed = bytes.count > fullWidth
        let lower = windowed ? max(0, fault - window) : 0
        let upper = windowed ? min(bytes.count, fault + window + 1) : bytes.count
        var line = lower > 0 ? "…" : ""
        var caretColumn = line.count
        for index in lower..<upper {
            if index == fault { caretColumn = line.count }
            let byte = bytes[index]
            if byte >= 0x20 && byte <= 0x7E {
                line.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                line += "\\x" + URLRejection.hex(UInt32(byte), width: 2)
            }
        }
        if upper < bytes.count { line += "…" }
        // A fault at the end (a missing parameter, a truncated escape) points just past the input.
        if offset >= bytes.count && !bytes.isEmpty { caretColumn = line.count - (upper < bytes.count ? 1 : 0) }
        if bytes.isEmpty { caretColumn = 0 }
        return "error: \(description)\n  \(line)\n  \(String(repeating: " ", count: caretColumn))^"
    }
}
