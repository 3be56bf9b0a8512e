internal import CSchemeRouterLinux
internal import CLibUV
internal import Glibc
internal import SchemeRouterSender

/// The main run loop: libuv's default loop, run on the main thread, which also drains
/// libdispatch's main queue so `@MainActor` code (tasks, continuations, the delegate's own
/// `Task { @MainActor in … }`) runs inside it, one callback at a time.
///
/// libdispatch signals queued main-queue jobs on an `eventfd`
/// (`_dispatch_get_main_queue_handle_4CF`); a `uv_poll` watches it, and its callback reads the
/// counter (libdispatch does not reset it) and runs the jobs
/// (`_dispatch_main_queue_callback_4CF`), as CoreFoundation's run loop does on Linux.
@MainActor
final class EventLoop {
    /// libuv's default loop.
    let raw: UnsafeMutablePointer<uv_loop_t>
    /// The one read buffer: reads are handled synchronously in their callback, so every
    /// connection can share it. Large enough for a whole capped frame.
    let readBuffer: UnsafeMutableRawBufferPointer
    /// The poll handle on libdispatch's main-queue eventfd.
    private var mainQueuePoll: UnsafeMutablePointer<uv_poll_t>?

    /// Takes the default loop.
    init() throws(UVError) {
        guard let loop = uv_default_loop() else { throw UVError(code: UV_ENOMEM.rawValue, call: "uv_default_loop") }
        raw = loop
        readBuffer = .allocate(byteCount: WakeProtocol.headerLength + WakeProtocol.maximumPayloadLength, alignment: 16)
    }

    /// Starts draining libdispatch's main queue inside the loop.
    func drainMainQueue() throws(UVError) {
        let fd = _dispatch_get_main_queue_handle_4CF()
        // No handle: libdispatch drains the main queue itself (dispatch_main, an async main).
        guard fd >= 0 else {
            throw UVError(
                code: UV_EBADF.rawValue,
                call: "the main queue has no handle: Application.main must run on the main thread from a synchronous main")
        }
        _ = schemerouter_fcntl_int(fd, F_SETFL, schemerouter_fcntl_int(fd, F_GETFL, 0) | O_NONBLOCK)
        let poll = UVHandle.allocate(uv_poll_t.self)
        try UV.check(uv_poll_init(raw, poll, fd), "uv_poll_init")
        try UV.check(uv_poll_start(poll, Int32(UV_READABLE.rawValue)) { handle, _, _ in
            guard let handle else { return }
            guard let fd = try? UVHandle.descriptor(handle) else { return }
            var counter: UInt64 = 0
            _ = read(fd, &counter, 8)
            _dispatch_main_queue_callback_4CF(nil)
        }, "uv_poll_start")
        // Queued main-actor work alone does not keep the app alive; the listener does.
        uv_unref(UVHandle.handle(poll))
        mainQueuePoll = poll
    }

    /// Stops draining the main queue (termination).
    func stopDrainingMainQueue() {
        guard let poll = mainQueuePoll else { return }
        mainQueuePoll = nil
        uv_close(UVHandle.handle(poll)) { handle in
            if let handle { UVHandle.free(handle) }
        }
    }

    /// Runs callbacks that are ready now, without waiting.
    func runOnce() {
        UV.expect(uv_run(raw, UV_RUN_NOWAIT), "uv_run")
    }

    /// Runs until no active handle is left (after termination closed them all).
    func run() {
        UV.expect(uv_run(raw, UV_RUN_DEFAULT), "uv_run")
    }

    /// The loop's idea of now, in milliseconds (for timers).
    var now: UInt64 { uv_now(raw) }
}
