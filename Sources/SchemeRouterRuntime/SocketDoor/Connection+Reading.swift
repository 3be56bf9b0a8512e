internal import CLibUV
internal import SchemeRouterSender

extension Connection {
    /// Starts reading unless the connection is closing, owes replies from the launch queue,
    /// or waits for the client to read its replies.
    func startReading() {
        guard !isReading, !isClosing, !peerFinished, owedReplies == 0, !pausedForWrites else { return }
        let onAllocate: uv_alloc_cb = { handle, _, buffer in
            MainActor.assumeIsolated {
                guard let handle, let buffer, let connection = Connection.from(handle.pointee.data) else { return }
                // Never more than one whole frame is buffered per connection: complete frames
                // are handled as they arrive, and a read never goes past one frame's worth.
                let storage = connection.door.primary.loop.readBuffer
                let room = max(1, min(storage.count, Connection.frameLimit - connection.decoder.bufferedCount))
                buffer.pointee = uv_buf_init(storage.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(room))
            }
        }
        let onRead: uv_read_cb = { stream, count, buffer in
            MainActor.assumeIsolated {
                guard let stream, let connection = Connection.from(stream.pointee.data) else { return }
                connection.didRead(count, buffer?.pointee.base)
            }
        }
        do throws(UVError) {
            try UV.check(uv_read_start(stream, onAllocate, onRead), "uv_read_start")
            isReading = true
        } catch {
            close()
        }
    }

    /// Stops reading.
    func stopReading() {
        guard isReading else { return }
        isReading = false
        UV.expect(uv_read_stop(stream), "uv_read_stop")
    }

    /// Bytes (or the end of the stream) arrived.
    private func didRead(_ count: Int, _ base: UnsafeMutablePointer<CChar>?) {
        if count > 0, let base {
            decoder.append(UnsafeRawBufferPointer(start: base, count: count))
            handleFrames()
            door.account(self)
        } else if count == Int(UVError.endOfFile) {
            peerFinished = true
            stopReading()
            do throws(WireError) {
                try decoder.finish()
            } catch {
                fail(ErrorMessage(error))
                return
            }
            if owedReplies == 0 && !hasUnsentBytes { close() }
        } else if count < 0 {
            close()
        }
    }

    /// Handles every complete buffered frame, one at a time, until one of them makes the
    /// connection wait (a request queued during the launch, or replies the client does not
    /// read) or close.
    func handleFrames() {
        while !isClosing && owedReplies == 0 && !pausedForWrites {
            let frame: Frame?
            do throws(WireError) {
                frame = try decoder.next()
            } catch {
                fail(ErrorMessage(error))
                return
            }
            guard let frame else { break }
            door.handle(frame, from: self)
            restartIdleTimer()
        }
        if owedReplies > 0 || pausedForWrites {
            stopReading()
        }
    }

    /// A queued request was answered: once nothing is owed, the connection reads again (and
    /// handles frames it had buffered meanwhile).
    func replyDelivered() {
        owedReplies -= 1
        queuedRequestBytes = 0
        door.account(self)
        guard owedReplies == 0, !isClosing else { return }
        if peerFinished {
            if decoder.isInsideFrame == false && !hasUnsentBytes { close() }
            return
        }
        handleFrames()
        door.account(self)
        restartIdleTimer()
        startReading()
    }
}
