internal import CLibUV
internal import Glibc

extension Connection {
    /// Sends bytes: written at once when the socket has room (the usual case), otherwise
    /// queued in libuv with a copy that lives until the write callback.
    func send(_ bytes: [UInt8]) {
        guard !handlesClosing else { return }
        var offset = 0
        do throws(UVError) {
            offset = Int(try UV.check(bytes.withUnsafeBytes { raw -> Int32 in
                var buffer = uv_buf_init(UnsafeMutableRawPointer(mutating: raw.baseAddress!).assumingMemoryBound(to: CChar.self), UInt32(raw.count))
                return uv_try_write(stream, &buffer, 1)
            }, "uv_try_write"))
            if offset == bytes.count { return }
        } catch where error.code == UV_EAGAIN.rawValue {
            // The socket is full: queue all of it.
        } catch {
            // The client is gone (EPIPE, ECONNRESET): nothing more can reach it.
            close()
            return
        }
        queueWrite(bytes[offset...])
    }

    /// Hands the rest of a reply to libuv.
    private func queueWrite(_ bytes: ArraySlice<UInt8>) {
        let request = UnsafeMutablePointer<uv_write_t>.allocate(capacity: 1)
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        storage.copyBytes(from: bytes)
        request.pointee.data = UnsafeMutableRawPointer(storage.baseAddress!)
        var buffer = uv_buf_init(storage.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(bytes.count))
        let result = uv_write(request, stream, &buffer, 1) { request, status in
            MainActor.assumeIsolated {
                guard let request else { return }
                let stream = request.pointee.handle
                request.pointee.data?.deallocate()
                request.deallocate()
                guard let stream, let connection = Connection.from(stream.pointee.data) else { return }
                connection.writeFinished(status: status)
            }
        }
        do throws(UVError) {
            try UV.check(result, "uv_write")
        } catch {
            storage.deallocate()
            request.deallocate()
            close()
            return
        }
        pendingWrites += 1
        if uv_stream_get_write_queue_size(stream) > Connection.writeQueueLimit {
            pausedForWrites = true
            stopReading()
        }
    }

    /// A queued write finished (or failed).
    private func writeFinished(status: Int32) {
        pendingWrites -= 1
        if status < 0 {
            close()
        }
        if isClosing {
            if pendingWrites == 0 { closeHandles() }
            return
        }
        if pausedForWrites && uv_stream_get_write_queue_size(stream) == 0 {
            pausedForWrites = false
            handleFrames()
            startReading()
        }
        if peerFinished && owedReplies == 0 && pendingWrites == 0 { close() }
    }
}
