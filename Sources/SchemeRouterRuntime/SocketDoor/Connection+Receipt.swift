internal import CSchemeRouterLinux
internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import CLibUV
internal import Glibc

extension Connection {
    /// Sends a request's receipt and says whether the request may be carried out: only when
    /// the receipt reached the sender's socket. A sender that gave up waiting has shut its
    /// socket down (or exited), so the write fails (`EPIPE`) and the request is dropped, never
    /// delivered after its sender reported it undelivered.
    func acknowledge(_ request: UInt32) -> Bool {
        let bytes = ReceiptMessage(request: request).frame.encoded
        // Answers already wait for this client: it is not reading, so it is not waiting for a
        // receipt either; the receipt queues behind them.
        guard !hasUnsentBytes else {
            send(bytes)
            return true
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + written, $0.count - written, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if count < 0 {
                if Sys.errno == EINTR { continue }
                if Sys.errno == EAGAIN && written == 0 {
                    // The socket is full but the sender is there: libuv sends it once there is room.
                    send(bytes)
                    return true
                }
                if Sys.errno == EAGAIN {
                    send(Array(bytes[written...]))
                    return true
                }
                close()
                return false
            }
            written += count
        }
        return true
    }

    /// Whether the sender still holds its end of the connection: `false` once it closed it or
    /// shut both directions down (it gave up; a sender that only shut down its sending side
    /// still reads its answers).
    var senderIsPresent: Bool {
        var descriptor = pollfd(fd: self.descriptor, events: Int16(POLLOUT), revents: 0)
        guard poll(&descriptor, 1, 0) >= 0 else { return true }
        return descriptor.revents & Int16(POLLHUP | POLLERR) == 0
    }
}
