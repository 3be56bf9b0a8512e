import Foundation
import SchemeRouterPlatform
import Glibc

/// One connection to sway's IPC socket (`$SWAYSOCK`, the i3 protocol of sway-ipc(7)): requests
/// answered in order, or, after ``subscribe(_:)``, the compositor's events as they happen. Every
/// read is bounded by a timeout.
final class SwayIPC {
    /// The message types the tests use (sway-ipc(7)).
    enum Message: UInt32 {
        case runCommand = 0
        case subscribe = 2
        case getTree = 4
        case getInputs = 100
    }

    private let descriptor: Int32
    private var received: [UInt8] = []

    init(socket path: String) throws {
        descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SwayIPCError("socket: errno \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(descriptor)
            throw SwayIPCError("\(path): too long for a socket address")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            close(descriptor)
            throw SwayIPCError("connect \(path): errno \(code)")
        }
    }

    deinit { close(descriptor) }

    /// Sends a request and returns its reply, parsed.
    func request(_ type: Message, _ payload: String = "") throws -> Any {
        try send(type, payload)
        let reply = try next(timeout: .seconds(10))
        guard let reply else { throw SwayIPCError("sway did not answer \(type) within 10 s") }
        return reply.body
    }

    /// Subscribes this connection to `events` ("window", "input"); from now on it reads events.
    func subscribe(_ events: [String]) throws {
        let list = "[" + events.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let reply = try request(.subscribe, list) as? [String: Any]
        guard reply?["success"] as? Bool == true else { throw SwayIPCError("subscribing to \(list) failed: \(String(describing: reply))") }
    }

    /// The next event, or `nil` when none came within `timeout`.
    func nextEvent(timeout: Duration) throws -> [String: Any]? {
        try next(timeout: timeout)?.body as? [String: Any]
    }

    private func send(_ type: Message, _ payload: String) throws {
        let body = Array(payload.utf8)
        var message = Array("i3-ipc".utf8)
        withUnsafeBytes(of: UInt32(body.count).littleEndian) { message += $0 }
        withUnsafeBytes(of: type.rawValue.littleEndian) { message += $0 }
        message += body
        let written = message.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == message.count else { throw SwayIPCError("writing to sway's socket: errno \(errno)") }
    }

    /// The next whole message (a reply or an event), or `nil` at the timeout.
    private func next(timeout: Duration) throws -> (type: UInt32, body: Any)? {
        let deadline = Sys.monotonicNow() + timeout
        while true {
            if received.count >= 14 {
                let length = Int(UInt32(littleEndian: received[6..<10].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }))
                let type = UInt32(littleEndian: received[10..<14].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
                if received.count >= 14 + length {
                    let body = Data(received[14..<(14 + length)])
                    received.removeFirst(14 + length)
                    return (type, try JSONSerialization.jsonObject(with: body))
                }
            }
            let remaining = Int(Sys.milliseconds(until: deadline))
            if remaining == 0 { return nil }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, Int32(remaining)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw SwayIPCError("sway closed its socket") }
            received += chunk[..<count]
        }
    }
}

/// Why talking to sway failed.
struct SwayIPCError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A window (a view: a node with a pid) in sway's tree, as the compositor sees it.
struct SwayWindow: Equatable, CustomStringConvertible {
    var title: String
    var appID: String
    var isFocused: Bool
    /// Where it is on the output: x, y, width, height.
    var rectangle: [Int]

    init?(_ node: [String: Any]) {
        guard node["pid"] is Int else { return nil }
        title = node["name"] as? String ?? ""
        appID = node["app_id"] as? String ?? ""
        isFocused = node["focused"] as? Bool ?? false
        let rect = node["rect"] as? [String: Any] ?? [:]
        rectangle = ["x", "y", "width", "height"].map { rect[$0] as? Int ?? 0 }
    }

    /// Every window under `node`, tiled and floating, in tree order.
    static func all(in node: [String: Any]) -> [SwayWindow] {
        let children = (node["nodes"] as? [[String: Any]] ?? []) + (node["floating_nodes"] as? [[String: Any]] ?? [])
        return (SwayWindow(node).map { [$0] } ?? []) + children.flatMap(all(in:))
    }

    var description: String { "\(title) (\(appID))\(isFocused ? " focused" : "")" }
}
