internal import CSchemeRouterLinux
internal import SchemeRouterPlatform
internal import CLibUV
internal import Glibc
internal import SchemeRouter
internal import SchemeRouterLifecycle

/// The real sources of ``SchemeRouter/SystemEvent``s on the primary's libuv loop: a timerfd for
/// clock sets, inotify on the time-zone and locale files (and the cgroup's `memory.events`),
/// and a pressure-stall trigger for memory. Each descriptor is watched by a `uv_poll`; what
/// they report goes to `deliver`. Sources that cannot be set up are left out and reported
/// (``statuses``); the app runs without them.
@MainActor
final class SystemEventSources {
    let clock: ClockChangeWatch?
    let settings: SettingWatches?
    let pressure: MemoryPressureTrigger?
    /// What is available, and why not.
    let statuses: [SystemEventSourceStatus]
    private let deliver: @MainActor ([SystemEvent]) -> Void
    private var polls: [(handle: UnsafeMutablePointer<uv_poll_t>, source: Source)] = []

    private enum Source { case clock, settings, pressure }

    /// Opens every source this machine has.
    init(deliver: @escaping @MainActor ([SystemEvent]) -> Void) {
        self.deliver = deliver
        let opened = Self.open()
        clock = opened.clock
        settings = opened.settings
        pressure = opened.pressure
        statuses = opened.statuses
    }

    /// Sets every source up once and reports which work (for `schemectl status`).
    nonisolated static func survey() -> [SystemEventSourceStatus] {
        open().statuses
    }

    private nonisolated static func open() -> (
        clock: ClockChangeWatch?, settings: SettingWatches?, pressure: MemoryPressureTrigger?, statuses: [SystemEventSourceStatus]
    ) {
        var statuses: [SystemEventSourceStatus] = []
        let clockSource = "timerfd on CLOCK_REALTIME with TFD_TIMER_CANCEL_ON_SET"
        var clock: ClockChangeWatch?
        do throws(SystemError) {
            clock = try ClockChangeWatch()
            statuses.append(SystemEventSourceStatus(event: "significantTimeChange", source: clockSource, available: true))
        } catch {
            statuses.append(SystemEventSourceStatus(event: "significantTimeChange", source: clockSource, available: false, reason: error.description))
        }

        let cgroup = CgroupPaths.ownDirectory()
        var candidates = [WatchedSetting.timeZone(), WatchedSetting.locale(configHome: Self.configHome())]
        let hasMemoryEvents = cgroup.map { access("\($0)/memory.events", R_OK) == 0 } ?? false
        if let cgroup, hasMemoryEvents { candidates.append(.cgroupMemoryEvents(directory: cgroup)) }
        var settings: SettingWatches?
        do throws(SystemError) {
            settings = try SettingWatches(candidates)
        } catch {
            settings = nil
        }
        let events = ["systemTimeZoneDidChange", "currentLocaleDidChange", "didReceiveMemoryWarning"]
        for (event, candidate) in zip(events, candidates) {
            let reason = settings == nil ? "inotify unavailable" : settings?.unavailable.first { $0.label == candidate.label }?.reason
            statuses.append(SystemEventSourceStatus(event: event, source: "inotify: " + candidate.label, available: reason == nil, reason: reason))
        }
        if !hasMemoryEvents {
            statuses.append(SystemEventSourceStatus(
                event: "didReceiveMemoryWarning", source: "cgroup v2 memory.events", available: false,
                reason: cgroup == nil ? "no cgroup v2 hierarchy" : "the cgroup \(cgroup!) has no memory controller (memory.events)"))
        }

        let pressurePath = cgroup.flatMap { access("\($0)/memory.pressure", W_OK) == 0 ? "\($0)/memory.pressure" : nil }
            ?? "/proc/pressure/memory"
        let pressureSource = "pressure stall trigger on \(pressurePath) (some \(Watchdog.describe(MemoryPressureTrigger.stall)) in \(Watchdog.describe(MemoryPressureTrigger.window)))"
        var pressure: MemoryPressureTrigger?
        do throws(SystemError) {
            pressure = try MemoryPressureTrigger(path: pressurePath)
            statuses.append(SystemEventSourceStatus(event: "didReceiveMemoryWarning", source: pressureSource, available: true))
        } catch {
            statuses.append(SystemEventSourceStatus(event: "didReceiveMemoryWarning", source: pressureSource, available: false, reason: error.description))
        }
        return (clock, settings, pressure, statuses)
    }

    /// `$XDG_CONFIG_HOME`, else `$HOME/.config`.
    private nonisolated static func configHome() -> String? {
        if let config = Sys.environment("XDG_CONFIG_HOME"), config.hasPrefix("/") { return config }
        return Sys.environment("HOME").map { $0 + "/.config" }
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
