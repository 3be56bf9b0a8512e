internal import CLibUV
internal import SchemeRouterSender

/// Allocation and casts for libuv handles: every handle struct starts with the `uv_handle_t`
/// fields (and streams with `uv_stream_t`'s), so a pointer to one is a pointer to those.
enum UVHandle {
    /// Allocates an uninitialised handle of type `T`; free it with ``free(_:)`` once its close
    /// callback ran.
    static func allocate<T>(_ type: T.Type) -> UnsafeMutablePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
        UnsafeMutableRawPointer(pointer).initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
        return pointer
    }

    /// Frees a handle allocated by ``allocate(_:)``.
    static func free<T>(_ pointer: UnsafeMutablePointer<T>) {
        pointer.deallocate()
    }

    /// The handle as a `uv_handle_t`.
    static func handle<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<uv_handle_t> {
        UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: uv_handle_t.self)
    }

    /// The handle as a `uv_stream_t` (pipes only).
    static func stream(_ pointer: UnsafeMutablePointer<uv_pipe_t>) -> UnsafeMutablePointer<uv_stream_t> {
        UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: uv_stream_t.self)
    }

    /// The file descriptor behind a handle.
    static func descriptor<T>(_ pointer: UnsafeMutablePointer<T>) throws(UVError) -> Int32 {
        var fd: uv_os_fd_t = -1
        try UV.check(uv_fileno(handle(pointer), &fd), "uv_fileno")
        return fd
    }
}
