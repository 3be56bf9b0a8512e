internal import SchemeRouterSender
internal import CLibUV
internal import SchemeRouterPlatform

/// A libuv call that failed: the negative code it returned, libuv's name and sentence for it,
/// and which call it was.
///
/// libuv reports errors as negative return values. On Linux a code is the negated `errno`
/// (`UV_EADDRINUSE` is `-EADDRINUSE`, `UV_ENOENT` is `-ENOENT`, …), plus libuv's own codes such
/// as `UV_EOF` (end of stream). Every libuv call in the runtime goes through one helper
/// (`UV.check`) that turns a negative result into this error.
public struct UVError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The negative libuv error code, e.g. `UV_EADDRINUSE` (-98 on Linux).
    public let code: Int32
    /// The libuv function that returned it, e.g. `uv_pipe_open`.
    public let call: String
    /// libuv's name for the code (`uv_err_name_r`), e.g. `EADDRINUSE`.
    public let name: String
    /// libuv's sentence for the code (`uv_strerror_r`), e.g. `address already in use`.
    public let message: String

    /// Describes a failed libuv call.
    /// - Parameters:
    ///   - code: The negative value the call returned.
    ///   - call: The libuv function's name.
    public init(code: Int32, call: String) {
        self.code = code
        self.call = call
        var buffer = [CChar](repeating: 0, count: 128)
        self.name = buffer.withUnsafeMutableBufferPointer { pointer in
            String(cString: uv_err_name_r(code, pointer.baseAddress, pointer.count))
        }
        self.message = buffer.withUnsafeMutableBufferPointer { pointer in
            String(cString: uv_strerror_r(code, pointer.baseAddress, pointer.count))
        }
    }

    /// `uv_pipe_open: EBADF: bad file descriptor`.
    public var description: String { "\(call): \(name): \(message)" }

    /// `UV_EOF`: the peer closed its end of the stream.
    public static let endOfFile = UV_EOF.rawValue
}

/// The one place the runtime calls libuv through: every call's result goes through ``check(_:_:)``.
enum UV {
    /// Returns `result` when it is zero or positive, otherwise throws it as a ``UVError``.
    /// - Parameters:
    ///   - result: What the libuv function returned.
    ///   - call: The function's name, for the error.
    @discardableResult
    static func check(_ result: Int32, _ call: StaticString) throws(UVError) -> Int32 {
        guard result >= 0 else { throw UVError(code: result, call: "\(call)") }
        return result
    }

    /// For calls that cannot fail in the runtime's use (stopping a timer, stopping reads): the
    /// result still goes through ``check(_:_:)``, and a failure is logged rather than ignored.
    static func expect(_ result: Int32, _ call: StaticString) {
        do throws(UVError) {
            try check(result, call)
        } catch {
            Log.error("unexpected libuv failure: \(error)")
        }
    }
}

extension RuntimeError {
    /// A libuv call failed.
    static func uv(_ error: UVError) -> RuntimeError {
        .eventLoop(error.description)
    }
}
