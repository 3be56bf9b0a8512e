import CLibUV
import Glibc
import SchemeRouterLifecycle
import SchemeRouterRuntime
import SchemeRouterSender

/// One sender of the load: its URLs in order, one at a time, each verdict checked (`handled`,
/// for the request just sent) before the next URL goes out.
@MainActor
final class LoadSender {
    let number: Int
    unowned let driver: LoadDriver
    private var sequence = 0
    private var pipe: UnsafeMutablePointer<uv_pipe_t>?
    private let connectRequest = LoadDriver.allocate(uv_connect_t.self)
    private var decoder = FrameDecoder(accepting: [.verdict, .busy, .error])
    private var startedAt: UInt64 = 0
    private var finished = false
    /// The current URL could not be written: the primary closed first (a `busy` may follow).
    private var writeFailed = false

    init(driver: LoadDriver, number: Int) {
        self.driver = driver
        self.number = number
    }

    private var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private static func from(_ data: UnsafeMutableRawPointer?) -> LoadSender? {
        data.map { Unmanaged<LoadSender>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Opens a connection (and, connect-per-URL, starts the URL's clock).
    func connect() {
        let pipe = LoadDriver.allocate(uv_pipe_t.self)
        uv_pipe_init(driver.loop, pipe, 0)
        pipe.pointee.data = opaque
        self.pipe = pipe
        decoder = FrameDecoder(accepting: [.verdict, .busy, .error])
        writeFailed = false
        if driver.options.mode == .connect && startedAt == 0 { startedAt = LoadDriver.now() }
        connectRequest.pointee.data = opaque
        uv_pipe_connect(connectRequest, pipe, driver.options.socket) { request, status in
            MainActor.assumeIsolated {
                guard let request, let sender = LoadSender.from(request.pointee.data) else { return }
                sender.connected(status)
            }
        }
    }

    private func connected(_ status: Int32) {
        guard let pipe else { return }
        if status == UV_EAGAIN.rawValue {
            // The backlog is full: try again shortly.
            self.pipe = nil
            uv_close(LoadDriver.handle(pipe)) { handle in handle?.deallocate() }
            driver.retryLater(self)
            return
        }
        guard status >= 0 else {
            end(failure: "sender \(number): connect: \(String(cString: uv_strerror(status)))")
            return
        }
        uv_read_start(LoadDriver.stream(pipe), { handle, _, buffer in
            MainActor.assumeIsolated {
                guard let handle, let buffer, let sender = LoadSender.from(handle.pointee.data) else { return }
                let storage = sender.driver.readBuffer
                buffer.pointee = uv_buf_init(storage.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(storage.count))
            }
        }, { stream, count, buffer in
            MainActor.assumeIsolated {
                guard let stream, let sender = LoadSender.from(stream.pointee.data) else { return }
                sender.didRead(count, buffer?.pointee.base)
            }
        })
        sendCurrent()
    }

    private func sendCurrent() {
        guard let pipe else { return }
        if driver.options.mode == .persistent { startedAt = LoadDriver.now() }
        // A failed write is judged by what the primary sent before closing (busy, or nothing).
        writeFailed = !LoadDriver.write(driver.frame(sender: number, sequence: sequence), to: LoadDriver.stream(pipe))
    }

    private func didRead(_ count: Int, _ base: UnsafeMutablePointer<CChar>?) {
        if count > 0, let base {
            decoder.append(UnsafeRawBufferPointer(start: base, count: count))
            while !finished {
                let frame: Frame?
                do {
                    frame = try decoder.next()
                } catch {
                    end(failure: "sender \(number): invalid frame: \(error)")
                    return
                }
                guard let frame else { break }
                handle(frame)
            }
        } else if count < 0 {
            if writeFailed {
                end(failure: "sender \(number): the primary closed the connection before URL \(sequence) was sent")
            } else {
                end(failure: "sender \(number): the connection ended before URL \(sequence) was answered (\(String(cString: uv_err_name(Int32(count)))))")
            }
        }
    }

    private func handle(_ frame: Frame) {
        if frame.type == .busy {
            // Shed unread: the same URL goes again on a new connection.
            driver.shedConnections += 1
            if let pipe {
                self.pipe = nil
                uv_read_stop(LoadDriver.stream(pipe))
                uv_close(LoadDriver.handle(pipe)) { handle in handle?.deallocate() }
            }
            driver.retryLater(self)
            return
        }
        if frame.type == .error {
            let message = (try? ErrorMessage(payload: frame.payload)).map { "\($0.code): \($0.message)" } ?? "unreadable"
            end(failure: "sender \(number): URL \(sequence): error \(message)")
            return
        }
        guard let verdict = try? VerdictMessage(payload: frame.payload) else {
            end(failure: "sender \(number): an unreadable verdict")
            return
        }
        guard verdict.request == UInt32(sequence + 1), verdict.verdict == .handled else {
            end(failure: "sender \(number): URL \(sequence): verdict \(verdict.verdict) for request \(verdict.request)")
            return
        }
        driver.record(latency: LoadDriver.now() - startedAt)
        startedAt = 0
        sequence += 1
        switch driver.options.mode {
        case .persistent:
            if sequence == driver.options.urlsPerSender {
                end(failure: nil)
            } else {
                sendCurrent()
            }
        case .connect:
            closePipe(thenReconnect: sequence < driver.options.urlsPerSender)
            if sequence == driver.options.urlsPerSender { end(failure: nil) }
        }
    }

    private func closePipe(thenReconnect reconnect: Bool) {
        guard let pipe else { return }
        self.pipe = nil
        if reconnect {
            uv_close(LoadDriver.handle(pipe)) { handle in
                MainActor.assumeIsolated {
                    guard let handle else { return }
                    let sender = LoadSender.from(handle.pointee.data)
                    handle.deallocate()
                    sender?.connect()
                }
            }
        } else {
            uv_close(LoadDriver.handle(pipe)) { handle in handle?.deallocate() }
        }
    }

    /// The sender is done, with every URL handled (`failure == nil`) or not.
    private func end(failure: String?) {
        guard !finished else { return }
        finished = true
        if let failure { driver.fail(failure) }
        closePipe(thenReconnect: false)
        driver.senderFinished()
    }
}

/// A client that holds a connection without completing a frame: idle (sends nothing) or
/// dribbling (one byte of a 60,000-byte frame at a time). It ends when the primary answers it
/// (normally `error(idleTimeout)`) or closes the connection.
@MainActor
final class StragglerClient {
    unowned let driver: LoadDriver
    let dribbles: Bool
    private var pipe: UnsafeMutablePointer<uv_pipe_t>?
    private let connectRequest = LoadDriver.allocate(uv_connect_t.self)
    private var decoder = FrameDecoder(accepting: [.verdict, .busy, .error])
    private var sent = 0
    private var ended = false
    /// The header of a frame announcing 60,000 bytes, then its payload, byte by byte.
    private static let header: [UInt8] = [0x53, 0x52, 0x01, 0x01, 0x00, 0x00, 0xEA, 0x60]

    init(driver: LoadDriver, dribbles: Bool) {
        self.driver = driver
        self.dribbles = dribbles
    }

    private var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private static func from(_ data: UnsafeMutableRawPointer?) -> StragglerClient? {
        data.map { Unmanaged<StragglerClient>.fromOpaque($0).takeUnretainedValue() }
    }

    func connect() {
        let pipe = LoadDriver.allocate(uv_pipe_t.self)
        uv_pipe_init(driver.loop, pipe, 0)
        pipe.pointee.data = opaque
        self.pipe = pipe
        connectRequest.pointee.data = opaque
        uv_pipe_connect(connectRequest, pipe, driver.options.socket) { request, status in
            MainActor.assumeIsolated {
                guard let request, let client = StragglerClient.from(request.pointee.data) else { return }
                client.connected(status)
            }
        }
    }

    private func connected(_ status: Int32) {
        guard let pipe else { return }
        driver.stragglerConnected()
        guard status >= 0 else {
            end("connectFailed")
            return
        }
        uv_read_start(LoadDriver.stream(pipe), { handle, _, buffer in
            MainActor.assumeIsolated {
                guard let handle, let buffer, let client = StragglerClient.from(handle.pointee.data) else { return }
                let storage = client.driver.readBuffer
                buffer.pointee = uv_buf_init(storage.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(storage.count))
            }
        }, { stream, count, buffer in
            MainActor.assumeIsolated {
                guard let stream, let client = StragglerClient.from(stream.pointee.data) else { return }
                client.didRead(count, buffer?.pointee.base)
            }
        })
    }

    /// Sends the next byte of the never-finished frame.
    func dribble() {
        guard !ended, let pipe else { return }
        let byte: UInt8 = sent < Self.header.count ? Self.header[sent] : 0
        sent += 1
        _ = LoadDriver.write([byte], to: LoadDriver.stream(pipe))
    }

    private func didRead(_ count: Int, _ base: UnsafeMutablePointer<CChar>?) {
        if count > 0, let base {
            decoder.append(UnsafeRawBufferPointer(start: base, count: count))
            if let frame = try? decoder.next() {
                let code = frame.type == .error ? (try? ErrorMessage(payload: frame.payload))?.code.description : nil
                end(frame.type == .busy ? "busy" : code ?? "unexpected\(frame.type)")
            }
        } else if count < 0 {
            end("endOfStream")
        }
    }

    private func end(_ how: String) {
        guard !ended else { return }
        ended = true
        if let pipe {
            self.pipe = nil
            uv_close(LoadDriver.handle(pipe)) { handle in handle?.deallocate() }
        }
        driver.stragglerEnded(how)
    }
}
