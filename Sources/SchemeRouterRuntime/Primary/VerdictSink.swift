internal import SchemeRouterLifecycle
internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import CLibUV
internal import Glibc

/// Where an invocation's own verdict goes: the pipe to the invoking process (when the primary
/// detached from it) or the launcher's `SCHEMEROUTER_VERDICT_FD`. Written once, then closed.
final class VerdictSink: Sendable {
    /// The descriptor.
    let descriptor: Int32

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes the verdict as one `verdict` frame (request 0) and closes the descriptor.
    func deliver(_ verdict: DeliveryVerdict) {
        let bytes = VerdictMessage(request: 0, verdict: verdict).frame.encoded
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if Sys.errno == EINTR { continue }
                break
            }
            offset += written
        }
        Sys.close(descriptor)
    }
}
