import CLibUV
import CSchemeRouterLinux
import Glibc

@testable import SchemeRouterRuntime
import SchemeRouterSender

/// A test's own connection to a primary's socket: sends any bytes, reads frames with a
/// bounded wait. For protocol tests that must send what no well-behaved client would.
final class RawSocket {
    let descriptor: Int32
    private var decoder = FrameDecoder(accepting: [.verdict, .controlReply, .receipt, .busy, .error])

    init(path: String) throws(TestFailure) {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let result = SocketAddress.withUnixAddress(path) { connect(descriptor, $0, $1) }
        guard result == 0 else {
            let message = String(cString: strerror(errno))
            close(descriptor)
            throw TestFailure("connect \(path): \(message)")
        }
    }

    deinit { close(descriptor) }

    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Half-closes the sending side.
    func finishSending() { shutdown(descriptor, Int32(SHUT_WR)) }

    /// What arrived.
    enum Received: Equatable {
        case frame(Frame)
        case endOfStream
    }

    /// The next frame or the end of the stream, within `timeout`.
    func receive(timeout: Duration = .seconds(10)) throws(TestFailure) -> Received {
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            do {
                if let frame = try decoder.next() { return .frame(frame) }
            } catch {
                throw TestFailure("the primary sent an invalid frame: \(error)")
            }
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { throw TestFailure("nothing received within \(timeout)") }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&waiting, 1, Int32(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1))
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 || (count < 0 && errno == ECONNRESET) { return .endOfStream }
            if count > 0 { decoder.append(buffer[0..<count]) }
        }
    }

    /// Reads from every socket at once (so none of them holds up the primary) until each has
    /// ended, at most `timeout` in all: each socket's frames, and whether it ended with the end
    /// of the stream (`false`: a frame it could not decode, or the timeout).
    static func readAll(_ sockets: [RawSocket], timeout: Duration = .seconds(30)) throws(TestFailure) -> [[Frame]] {
        let deadline = ContinuousClock.now + timeout
        var frames = [[Frame]](repeating: [], count: sockets.count)
        var open = Set(sockets.indices)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { throw TestFailure("\(open.count) sockets still open after \(timeout)") }
            var waiting = open.sorted().map { pollfd(fd: sockets[$0].descriptor, events: Int16(POLLIN), revents: 0) }
            _ = poll(&waiting, nfds_t(waiting.count), Int32(remaining.components.seconds * 1000 + 1))
            for (slot, index) in open.sorted().enumerated() where waiting[slot].revents != 0 {
                let socket = sockets[index]
                let count = buffer.withUnsafeMutableBytes { read(socket.descriptor, $0.baseAddress, $0.count) }
                if count > 0 { socket.decoder.append(buffer[0..<count]) }
                do {
                    while let frame = try socket.decoder.next() { frames[index].append(frame) }
                } catch {
                    throw TestFailure("socket \(index): an invalid frame: \(error)")
                }
                if count == 0 || (count < 0 && errno == ECONNRESET) { open.remove(index) }
            }
        }
        return frames
    }

    /// The next frame, which must be an `error` frame; returns its message.
    func receiveError(timeout: Duration = .seconds(10)) throws(TestFailure) -> ErrorMessage {
        guard case .frame(let frame) = try receive(timeout: timeout), frame.type == .error,
            let message = try? ErrorMessage(payload: frame.payload)
        else { throw TestFailure("expected an error frame") }
        return message
    }

    /// The next frame, which must be a verdict.
    func receiveVerdict(timeout: Duration = .seconds(10)) throws(TestFailure) -> VerdictMessage {
        let received = try receive(timeout: timeout)
        guard case .frame(let frame) = received, frame.type == .verdict,
            let message = try? VerdictMessage(payload: frame.payload)
        else { throw TestFailure("expected a verdict frame, got \(received)") }
        return message
    }

    /// An `open` frame's bytes.
    static func open(_ url: String, request: UInt32 = 1) -> [UInt8] {
        OpenRequest(request: request, url: Array(url.utf8)).frame!.encoded
    }
}
