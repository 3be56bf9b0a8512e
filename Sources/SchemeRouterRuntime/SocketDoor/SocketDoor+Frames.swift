internal import CSchemeRouterLinux
internal import CLibUV
internal import SchemeRouterSender
internal import Glibc
internal import SchemeRouterLifecycle

/// A connection's frames: an `open` becomes the primary's URL, a `control` its command.
extension SocketDoor {
    /// Handles one complete frame from a client.
    func handle(_ frame: Frame, from connection: Connection) {
        switch frame.type {
        case .open:
            do throws(WireError) {
                let request = try OpenRequest(payload: frame.payload)
                guard takeDelivery(of: request.request, asked: frame.asksForReceipt, on: connection) else { return }
                handleOpen(request, size: frame.payload.count, from: connection)
            } catch {
                connection.fail(ErrorMessage(error))
            }
        case .control:
            do throws(WireError) {
                let request = try ControlRequest(payload: frame.payload)
                guard takeDelivery(of: request.request, asked: frame.asksForReceipt, on: connection) else { return }
                handleControl(request, from: connection)
            } catch {
                connection.fail(ErrorMessage(error))
            }
        case .verdict, .controlReply, .receipt, .busy, .error:
            // The decoder accepts only client frame types.
            preconditionFailure("a client frame of type \(frame.type)")
        }
    }

    /// A URL arrived on the socket: it goes the way of every URL (``handleURL(_:options:size:owner:)``).
    /// - Parameter size: The frame's payload size.
    func handleOpen(_ request: OpenRequest, size: Int, from connection: Connection) {
        let options = OpenOptions(
            sourceApplication: source(of: connection, claimed: request.sourceApplication),
            annotation: request.annotation, activationToken: request.activationToken)
        primary.handleURL(
            request.url, options: options, size: size, owner: .socket(connection, request: request.request),
            retryKey: Self.retryKey(request))
    }

    /// Who sent a URL: what the kernel vouches for (``Connection/verifiedSource``: the pid and
    /// uid, the executable or Flatpak app id behind the pid, or unknown across a sandbox), or the
    /// name the sender gave (claimed), with the pid and uid and app id the kernel knows.
    func source(of connection: Connection, claimed: String?) -> SourceApplication {
        guard let claimed else { return connection.verifiedSource }
        var source = connection.verifiedSource
        source.name = claimed
        source.isClaimed = true
        return source
    }

    /// Sends a verdict.
    func reply(_ verdict: DeliveryVerdict, to request: UInt32, on connection: Connection) {
        connection.send(VerdictMessage(request: request, verdict: verdict).frame.encoded)
    }

    /// A control command arrived: it goes the way of every command (``submit(_:)``).
    func handleControl(_ request: ControlRequest, from connection: Connection) {
        let caller = CommandCaller.socket(connection, request: request.request)
        switch request.command {
        case .terminate, .forceQuit:
            primary.submit(.terminate(discardingState: request.command == .forceQuit, caller: caller))
        case .activate:
            primary.submit(.activate(activationToken: request.activationToken, caller: caller))
        default:
            primary.submit(.lifecycle(request.command, caller: caller))
        }
    }
}
