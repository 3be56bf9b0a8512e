internal import CSchemeRouterLinux
internal import SchemeRouterPlatform
internal import Glibc

/// A sender's id for one request (the `open` frame's `requestID`), kept across its retries so
/// the primary answers a retry with the first verdict instead of delivering the URL twice.
public enum RequestID {
    /// A fresh random id: 128 bits from `getrandom`, as 32 hex digits (or, without an entropy
    /// source, one made of the pid and the time).
    public static func random() -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = bytes.withUnsafeMutableBytes { getrandom($0.baseAddress, $0.count, 0) }
        guard count == bytes.count else { return "pid\(getpid())-\(Sys.monotonicNow())" }
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
    }

    /// The id of URL `number` (from 0) of one invocation: the caller's id when it gave one
    /// (`SCHEMEROUTER_REQUEST_ID`) for the first URL and `<number>.<id>` for the others (cut to
    /// fit), so a retry of the whole invocation is answered URL by URL; else a fresh random id.
    package static func forURL(number: Int, of given: String?) -> String {
        guard let given else { return random() }
        guard number > 0 else { return given }
        let prefix = "\(number)."
        var id = given
        while (prefix + id).utf8.count > OpenRequest.maximumRequestIDLength { id.removeFirst() }
        return prefix + id
    }

    /// Whether `text` can be a request id: 1–128 bytes of UTF-8.
    public static func isValid(_ text: String) -> Bool {
        (1...OpenRequest.maximumRequestIDLength).contains(text.utf8.count)
    }
}
