internal import SchemeRouterPlatform
internal import Glibc

extension ClientConnection {
    /// Gives up on the primary: shuts both directions of the socket down, which atomically stops
    /// any later receipt from reaching this side (the primary's write fails, so it drops the
    /// request), then reports whether a receipt for `request` had already arrived (the primary
    /// took the request just before: it will be carried out).
    package func giveUp(request: UInt32) -> Bool {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
        // What arrived before the shutdown is still readable; nothing can arrive after it.
        readAvailable()
        while let frame = try? decoder.next() {
            if frame.type == .receipt, (try? ReceiptMessage(payload: frame.payload))?.request == request { return true }
        }
        return false
    }

    /// Adds every byte already received to the decoder, without waiting.
    package func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count < 0 && Sys.errno == EINTR { continue }
            guard count > 0 else { break }
            buffer.withUnsafeBytes { decoder.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
    }
}

extension ClientConnection {
    /// The `busy` frame the primary sent before it closed the connection, if it is already in
    /// this side's buffer (read without waiting).
    package func pendingBusy() -> BusyMessage? {
        readAvailable()
        while let frame = try? decoder.next() {
            if frame.type == .busy { return try? BusyMessage(payload: frame.payload) }
        }
        return nil
    }
}
