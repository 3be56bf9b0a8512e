internal import CGLib
public import SchemeRouterRuntime

/// Runs a SchemeRouter primary inside GLib's default main context, the loop GTK 4, libadwaita
/// and Qt-on-GLib run (Docs/GLib.md).
///
/// libuv is a GLib source, as node-gtk runs it: the source polls libuv's backend descriptor,
/// takes its timeout from libuv's next timer, and runs `uv_run(UV_RUN_NOWAIT)` when either is
/// due. libdispatch's main queue is a second source (its eventfd), so `@MainActor` work and every
/// delegate hook run on GLib's thread, between GLib's own events. Nothing polls on a period.
///
/// ```swift
/// Application.main(host: GLibRunLoop(start: { try GTK.start() })) {
///     NotesDelegate(store: NoteStore(), windows: windows)
/// }
/// ```
@MainActor
public final class GLibRunLoop: HostRunLoop {
    /// The loop running now, for GLib's C callbacks (they carry no context of ours).
    static var current: GLibRunLoop?

    private let start: @MainActor () throws -> Void
    /// The primary's loop, once ``run(_:)`` began.
    public private(set) var runtime: RuntimeLoop?
    /// The libuv source's tag for its backend descriptor.
    var backendTag: UnsafeMutableRawPointer?
    /// GLib's callbacks for the libuv source (GLib keeps the pointer).
    private let sourceFunctions = UnsafeMutablePointer<GSourceFuncs>.allocate(capacity: 1)
    /// Runs on the main context before the next iteration sleeps, once ``run(_:)`` began.
    private var pending: [@MainActor (RuntimeLoop) -> Void] = []

    /// Creates the run loop.
    /// - Parameter start: Starts the toolkit (`gtk_init`, registering a non-unique
    ///   `GApplication`): called only in the primary, after the single-instance decision.
    public init(start: @escaping @MainActor () throws -> Void = {}) {
        self.start = start
    }

    /// Names the process for GLib (`g_set_prgname`: GTK's Wayland app id and X11 `WM_CLASS` for
    /// every window, so compositors, docks and Flatpak tie them to `bundleName.desktop`), then
    /// runs `start`.
    public func prepare(bundleName: String) throws {
        g_set_prgname(bundleName)
        try start()
    }

    public func run(_ loop: RuntimeLoop) -> Never {
        runtime = loop
        Self.current = self
        attachLibUV(loop)
        attachMainQueue(loop)
        for work in pending { work(loop) }
        pending = []
        while true {
            _ = g_main_context_iteration(nil, 1)
        }
    }

    /// Runs `work` with the primary's loop now, or as soon as ``run(_:)`` begins (the launch
    /// hooks run before it).
    public func withRuntime(_ work: @escaping @MainActor (RuntimeLoop) -> Void) {
        if let runtime { work(runtime) } else { pending.append(work) }
    }

    /// libuv as a GLib source: its backend (epoll) descriptor, its timers' timeout.
    private func attachLibUV(_ loop: RuntimeLoop) {
        sourceFunctions.initialize(
            to: GSourceFuncs(
                prepare: { _, timeout in
                    MainActor.assumeIsolated {
                        guard let runtime = GLibRunLoop.current?.runtime else { return 0 }
                        let next = runtime.timeout
                        timeout?.pointee = next
                        return next == 0 ? 1 : 0
                    }
                },
                check: { source in
                    MainActor.assumeIsolated {
                        guard let loop = GLibRunLoop.current, let runtime = loop.runtime else { return 0 }
                        let ready = g_source_query_unix_fd(source, loop.backendTag).rawValue & G_IO_IN.rawValue != 0
                        return ready || runtime.timeout == 0 ? 1 : 0
                    }
                },
                dispatch: { _, _, _ in
                    MainActor.assumeIsolated {
                        GLibRunLoop.current?.runtime?.runOnce()
                    }
                    return 1  // G_SOURCE_CONTINUE
                },
                finalize: nil, closure_callback: nil, closure_marshal: nil))
        let source = g_source_new(sourceFunctions, guint(MemoryLayout<GSource>.size))
        backendTag = g_source_add_unix_fd(source, loop.backendDescriptor, G_IO_IN)
        g_source_set_name(source, "SchemeRouter libuv")
        g_source_attach(source, nil)
        g_source_unref(source)
    }

    /// libdispatch's main queue as a GLib unix-fd source.
    private func attachMainQueue(_ loop: RuntimeLoop) {
        let source = g_unix_fd_source_new(loop.mainQueueDescriptor, G_IO_IN)
        g_source_set_callback(
            source,
            unsafeBitCast(
                { (_: gint, _: GIOCondition, _: gpointer?) -> gboolean in
                    MainActor.assumeIsolated { GLibRunLoop.current?.runtime?.drainMainQueue() }
                    return 1
                } as @convention(c) (gint, GIOCondition, gpointer?) -> gboolean,
                to: GSourceFunc.self),
            nil, nil)
        g_source_set_name(source, "SchemeRouter main queue")
        g_source_attach(source, nil)
        g_source_unref(source)
    }
}
