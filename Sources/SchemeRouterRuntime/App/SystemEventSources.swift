internal import CSchemeRouterLinux
internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import CLibUV
internal import Glibc
internal import SchemeRouter
internal import SchemeRouterLifecycle
internal import SchemeRouterSystemEvents

/// The real sources of `SystemEvent`s on the primary's libuv loop: each descriptor of
/// ``SystemEventWatches`` is watched by a `uv_poll`, and what they report goes to `deliver`.
/// Sources that cannot be set up are left out; the app runs without them.
@MainActor
final class SystemEventSources {
    /// The kernel's descriptors.
    let watches = SystemEventWatches()
    private let deliver: @MainActor ([SystemEvent]) -> Void
    private var polls: [(handle: UnsafeMutablePointer<uv_poll_t>, source: Source)] = []

    private enum Source { case clock, settings, pressure }

    var clock: ClockChangeWatch? { watches.clock }
    var settings: SettingWatches? { watches.settings }
    var pressure: MemoryPressureTrigger? { watches.pressure }

    /// Opens every source this machine has.
    init(deliver: @escaping @MainActor ([SystemEvent]) -> Void) {
        self.deliver = deliver
    }

    /// Starts watching on `loop`. The polls do not keep the loop alive.
    func start(on loop: EventLoop) {
        let watched: [(Int32?, Source, Int32)] = [
            (clock?.descriptor, .clock, Int32(UV_READABLE.rawValue)),
            (settings?.descriptor, .settings, Int32(UV_READABLE.rawValue)),
            (pressure?.descriptor, .pressure, Int32(UV_PRIORITIZED.rawValue)),
        ]
        for case let (descriptor?, source, events) in watched {
            let handle = UVHandle.allocate(uv_poll_t.self)
            do throws(UVError) {
                try UV.check(uv_poll_init(loop.raw, handle, descriptor), "uv_poll_init")
            } catch {
                UVHandle.free(handle)
                Log.error("cannot watch for system events: \(error)")
                continue
            }
            handle.pointee.data = Unmanaged.passUnretained(self).toOpaque()
            polls.append((handle, source))
            UV.expect(uv_poll_start(handle, events) { handle, status, _ in
                MainActor.assumeIsolated {
                    guard let handle, let data = handle.pointee.data else { return }
                    Unmanaged<SystemEventSources>.fromOpaque(data).takeUnretainedValue().ready(handle, status: status)
                }
            }, "uv_poll_start")
            uv_unref(UVHandle.handle(handle))
        }
    }

    /// Stops every poll (termination).
    func stop() {
        for (handle, _) in polls {
            uv_close(UVHandle.handle(handle)) { handle in if let handle { UVHandle.free(handle) } }
        }
        polls = []
    }

    /// A descriptor is ready.
    private func ready(_ handle: UnsafeMutablePointer<uv_poll_t>, status: Int32) {
        guard let source = polls.first(where: { $0.handle == handle })?.source else { return }
        if status < 0 {
            Log.error("a system event source failed (\(UVError(code: status, call: "uv_poll"))); it is no longer watched")
            UV.expect(uv_poll_stop(handle), "uv_poll_stop")
            return
        }
        switch source {
        case .clock:
            if clock?.drain() == true { deliver([.significantTimeChange]) }
        case .settings:
            let events = settings?.drain() ?? []
            if events.contains(where: { $0.kind == .timeZoneChange }) { tzset() }
            if !events.isEmpty { deliver(events) }
        case .pressure:
            deliver([.memoryWarning])
        }
    }
}
