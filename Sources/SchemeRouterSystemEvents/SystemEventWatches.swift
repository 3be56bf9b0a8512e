internal import SchemeRouterPlatform
internal import Glibc
internal import SchemeRouterLifecycle

/// The kernel's sources of system events, opened: a timerfd for clock sets, inotify on the
/// time-zone and locale files (and the cgroup's `memory.events`), and a pressure-stall trigger
/// for memory. Sources that cannot be set up are left out and reported (``statuses``). The
/// primary polls the descriptors on its loop; `schemectl status` opens them once to report which
/// work here, the same way.
package final class SystemEventWatches {
    /// The clock-change timerfd, when it could be set up.
    package let clock: ClockChangeWatch?
    /// The inotify watches on the settings files, when inotify works.
    package let settings: SettingWatches?
    /// The memory pressure trigger, when the kernel offers one.
    package let pressure: MemoryPressureTrigger?
    /// What is available, and why not.
    package let statuses: [SystemEventSourceStatus]

    /// Opens every source this machine has.
    package init() {
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
        let pressureSource = "pressure stall trigger on \(pressurePath) (some \(Sys.describe(MemoryPressureTrigger.stall)) in \(Sys.describe(MemoryPressureTrigger.window)))"
        var pressure: MemoryPressureTrigger?
        do throws(SystemError) {
            pressure = try MemoryPressureTrigger(path: pressurePath)
            statuses.append(SystemEventSourceStatus(event: "didReceiveMemoryWarning", source: pressureSource, available: true))
        } catch {
            statuses.append(SystemEventSourceStatus(event: "didReceiveMemoryWarning", source: pressureSource, available: false, reason: error.description))
        }
        self.clock = clock
        self.settings = settings
        self.pressure = pressure
        self.statuses = statuses
    }

    /// `$XDG_CONFIG_HOME`, else `$HOME/.config`.
    private static func configHome() -> String? {
        if let config = Sys.environment("XDG_CONFIG_HOME"), config.hasPrefix("/") { return config }
        return Sys.environment("HOME").map { $0 + "/.config" }
    }
}
