internal import Glibc
internal import SchemeRouter
internal import SchemeRouterLifecycle
internal import SchemeRouterSender

extension TraceWriter {
    /// Writes a runtime event that is not a hook call, e.g.
    /// `{"event": "dropped", "reason": "the sender gave up before its request was read"}`.
    func write(event: String, reason: String) {
        let line = "{\"event\": \(JSONString.quoted(event)), \"reason\": \(JSONString.quoted(reason))}\n"
        let bytes = Array(line.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    }
}
