internal import SchemeRouterLifecycle
internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import CLibUV
internal import Glibc

/// Where an invocation's own verdicts go: the pipe to the invoking process (when the primary
/// detached from it) or the launcher's `SCHEMEROUTER_VERDICT_FD`. One frame per URL of the
/// invocation the app took (request 0 the launch URL, then the others in order), then closed.
final class VerdictSink: Sendable {
    /// The descriptor.
    let descriptor: Int32

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes the verdict as one `verdict` frame (request 0) and closes the descriptor.
    func deliver(_ verdict: DeliveryVerdict) {
        write(verdict, request: 0)
        close()
    }

    /// Writes the verdict of the invocation's URL number `request` as one `verdict` frame.
    func write(_ verdict: DeliveryVerdict, request: UInt32) {
        let bytes = VerdictMessage(request: request, verdict: verdict).frame.encoded
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if Sys.errno == EINTR { continue }
                break
            }
            offset += written
        }
    }

    /// Closes the descriptor: the reader sees the end of the invocation's verdicts.
    func close() {
        Sys.close(descriptor)
    }
}
