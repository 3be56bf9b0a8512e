public import SchemeRouterLifecycle
internal import CSchemeRouterLinux
internal import SchemeRouterPlatform
internal import Glibc

/// Learns the verdict of the URL an app was launched with, for launchers that start the app
/// themselves (`schemectl open` when the app is not running).
///
/// ```swift
/// let pipe = try VerdictPipe()
/// // spawn: app URL, with pipe.environmentEntry in its environment and pipe.childDescriptor
/// // inherited (it is not close-on-exec); then, in the launcher:
/// pipe.closeChildDescriptor()
/// let verdict = pipe.awaitVerdict(timeout: .seconds(30))
/// ```
///
/// The app writes one `verdict` frame (Docs/WakeProtocol.md) to the descriptor named by
/// `SCHEMEROUTER_VERDICT_FD` once its verdict is known, whether it became the primary or
/// handed the URL to one, then closes it. An end of file without a frame means the app died
/// first: `DeliveryVerdict/launchFailed(_:)`.
public final class VerdictPipe {
    /// The launcher's end (close-on-exec).
    public let readDescriptor: Int32
    /// The app's end: inherited by the child (not close-on-exec).
    public let childDescriptor: Int32
    private var childClosed = false

    /// Creates the pipe.
    public init() throws(RuntimeError) {
        var descriptors: [Int32] = [-1, -1]
        guard schemerouter_pipe2(&descriptors, O_CLOEXEC) == 0 else {
            throw .system(SystemError(errno: Sys.errno, call: "pipe2"))
        }
        readDescriptor = descriptors[0]
        childDescriptor = descriptors[1]
        _ = fcntl(childDescriptor, F_SETFD, 0)
    }

    deinit {
        Sys.close(readDescriptor)
        if !childClosed { Sys.close(childDescriptor) }
    }

    /// `SCHEMEROUTER_VERDICT_FD=<n>`, for the child's environment.
    public var environmentEntry: String { "SCHEMEROUTER_VERDICT_FD=\(childDescriptor)" }

    /// Closes the launcher's copy of the child's end (after spawning), so the end of file
    /// arrives when the app closes or dies.
    public func closeChildDescriptor() {
        guard !childClosed else { return }
        childClosed = true
        Sys.close(childDescriptor)
    }

    /// Waits for the verdict frame.
    /// - Parameter timeout: How long to wait.
    public func awaitVerdict(timeout: Duration) -> DeliveryVerdict {
        closeChildDescriptor()
        return Self.read(readDescriptor, timeout: timeout)
    }

    /// Reads one verdict frame from `descriptor`, bounded by `timeout`.
    package static func read(_ descriptor: Int32, timeout: Duration) -> DeliveryVerdict {
        read(descriptor, count: 1, timeout: timeout)[0]
    }

    /// Reads the verdicts of `count` URLs (the frames of requests `0..<count`, in any order) from
    /// `descriptor`; `timeout` bounds the wait for each next one. A URL whose frame never came
    /// gets `launchFailed` (the app closed the pipe or died first) or `noAnswer` (time ran out).
    package static func read(_ descriptor: Int32, count: Int, timeout: Duration) -> [DeliveryVerdict] {
        var verdicts = [DeliveryVerdict?](repeating: nil, count: count)
        var deadline = Sys.monotonicNow() + timeout
        var decoder = FrameDecoder(accepting: [.verdict])
        var buffer = [UInt8](repeating: 0, count: 4096)
        func rest(_ verdict: DeliveryVerdict) -> [DeliveryVerdict] { verdicts.map { $0 ?? verdict } }
        while true {
            do throws(WireError) {
                while let frame = try decoder.next() {
                    let message = try VerdictMessage(payload: frame.payload)
                    // A frame out of range, or a second one for a URL, belongs to the first still owed.
                    let index = verdicts.indices.contains(Int(message.request)) && verdicts[Int(message.request)] == nil
                        ? Int(message.request) : verdicts.firstIndex { $0 == nil }
                    guard let index else { continue }
                    verdicts[index] = message.verdict
                    deadline = Sys.monotonicNow() + timeout
                }
            } catch {
                return rest(.protocolError(error.description))
            }
            if !verdicts.contains(where: { $0 == nil }) { return verdicts.map { $0! } }
            let remaining = deadline - Sys.monotonicNow()
            guard remaining > .zero else { return rest(.noAnswer("no verdict within \(timeout)")) }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, Sys.milliseconds(remaining))
            if ready < 0 && Sys.errno == EINTR { continue }
            if ready == 0 { continue }
            let got = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 {
                if Sys.errno == EINTR || Sys.errno == EAGAIN { continue }
                return rest(.launchFailed(SystemError(errno: Sys.errno, call: "read").description))
            }
            if got == 0 {
                return rest(.launchFailed("the app exited before it reported a verdict"))
            }
            decoder.append(buffer[0..<got])
        }
    }
}
