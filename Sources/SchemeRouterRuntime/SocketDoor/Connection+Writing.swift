internal import CLibUV
internal import Glibc
internal import SchemeRouterSender

extension Connection {
    /// Sends bytes: written at once when the socket has room (the usual case), otherwise kept in
    /// the connection's outbox and handed to libuv as one write at a time, so a client that does
    /// not read costs its unsent bytes and one write request, not one request per reply.
    ///
    /// Above ``writeQueueLimit`` unsent bytes the connection is neither read nor served until
    /// the client reads.
    func send(_ bytes: [UInt8]) {
        guard !handlesClosing else { return }
        if hasUnsentBytes {
            keep(bytes[...])
        } else {
            var written = 0
            do throws(UVError) {
                written = Int(try UV.check(bytes.withUnsafeBytes { raw -> Int32 in
                    var buffer = uv_buf_init(UnsafeMutableRawPointer(mutating: raw.baseAddress!).assumingMemoryBound(to: CChar.self), UInt32(raw.count))
                    return uv_try_write(stream, &buffer, 1)
                }, "uv_try_write"))
                if written == bytes.count { return }
            } catch where error.code == UV_EAGAIN.rawValue {
                // The socket is full: keep all of it.
            } catch {
                // The client is gone (EPIPE, ECONNRESET): nothing more can reach it.
                close()
                return
            }
            keep(bytes[written...])
            door.primary.watchdog.setUnflushed(descriptor, true)
        }
        if writeInFlight == nil { flushOutbox() }
        if unsentBytes > Connection.writeQueueLimit && !pausedForWrites {
            pausedForWrites = true
            stopReading()
        }
    }

    /// Appends to the outbox, growing it geometrically but not past what a paused connection
    /// can hold (the limit and one answer), so its allocation stays within that too.
    private func keep(_ bytes: ArraySlice<UInt8>) {
        let needed = outbox.count + bytes.count
        if needed > outbox.capacity {
            outbox.reserveCapacity(max(needed, min(2 * outbox.capacity, Connection.writeQueueLimit + 8 * 1024 + 256)))
        }
        outbox.append(contentsOf: bytes)
    }

    /// Hands the outbox to libuv as one write.
    private func flushOutbox() {
        guard !outbox.isEmpty, !handlesClosing else { return }
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: outbox.count, alignment: 1)
        storage.copyBytes(from: outbox)
        outbox = []
        let request = UnsafeMutablePointer<uv_write_t>.allocate(capacity: 1)
        var buffer = uv_buf_init(storage.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(storage.count))
        let result = uv_write(request, stream, &buffer, 1) { request, status in
            MainActor.assumeIsolated {
                guard let request else { return }
                let stream = request.pointee.handle
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
        writeInFlight = storage
    }

    /// The write in flight finished (or failed, or was cancelled by closing).
    private func writeFinished(status: Int32) {
        writeInFlight?.deallocate()
        writeInFlight = nil
        if status < 0 {
            outbox = []
            close()
        }
        if isClosing {
            if outbox.isEmpty {
                closeHandles()
            } else {
                flushOutbox()
            }
            return
        }
        flushOutbox()
        if !hasUnsentBytes { door.primary.watchdog.setUnflushed(descriptor, false) }
        if pausedForWrites && unsentBytes <= Connection.writeQueueLimit / 2 {
            pausedForWrites = false
            restartIdleTimer()
            handleFrames()
            startReading()
        }
        if peerFinished && owedReplies == 0 && !hasUnsentBytes && !decoder.isInsideFrame { close() }
    }
}
