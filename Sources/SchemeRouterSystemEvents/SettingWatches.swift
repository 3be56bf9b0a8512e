package import SchemeRouterPlatform
internal import Glibc
internal import SchemeRouter
package import SchemeRouterLifecycle

/// Watches the directories of every ``WatchedSetting`` with one inotify descriptor and turns
/// changes into ``SystemEvent``s.
///
/// Directories, not files, are watched: `/etc/localtime` and `locale.conf` are replaced by
/// rename, which a watch on the old file would miss. A setting whose directories do not exist is
/// left out (``unavailable`` says why).
package final class SettingWatches {
    /// The inotify descriptor, readable when events are queued.
    package let descriptor: Int32
    /// The settings being watched.
    private(set) var settings: [WatchedSetting] = []
    /// Watch descriptor → directory.
    private var directories: [Int32: String] = [:]
    /// Settings that could not be watched, with the reason.
    private(set) var unavailable: [(label: String, reason: String)] = []

    package init(_ candidates: [WatchedSetting]) throws(SystemError) {
        descriptor = try Sys.check(inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)), "inotify_init1")
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE) | UInt32(IN_DELETE)
            | UInt32(IN_MOVED_FROM) | UInt32(IN_MODIFY) | UInt32(IN_ONLYDIR)
        for setting in candidates {
            var watched = false
            var failure = "no such directory"
            for directory in Set(setting.files.map(\.directory)) {
                if directories.values.contains(directory) {
                    watched = true
                    continue
                }
                let watch = inotify_add_watch(descriptor, directory, mask)
                if watch >= 0 {
                    directories[watch] = directory
                    watched = true
                } else {
                    failure = SystemError(errno: Sys.errno, call: "inotify_add_watch", path: directory).description
                }
            }
            if watched { settings.append(setting) } else { unavailable.append((setting.label, failure)) }
        }
    }

    deinit { Sys.close(descriptor) }

    /// Reads the queued inotify events and returns the events of the settings whose value
    /// changed, updating the values.
    package func drain() -> [SystemEvent] {
        var touched: Set<WatchedSetting.File> = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            var offset = 0
            // struct inotify_event: int wd; uint32_t mask, cookie, len; char name[len];
            while offset + 16 <= count {
                let (watch, length) = buffer.withUnsafeBytes {
                    ($0.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                     Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                if watch == -1 {
                    // IN_Q_OVERFLOW: events were lost; read every setting again.
                    for setting in settings { touched.formUnion(setting.files) }
                } else if let directory = directories[watch] {
                    touched.insert(WatchedSetting.File(directory: directory, name: String(decoding: nameBytes, as: UTF8.self)))
                }
                offset += 16 + length
            }
        }
        var events: [SystemEvent] = []
        for index in settings.indices where settings[index].files.contains(where: touched.contains) {
            let old = settings[index].value
            let new = settings[index].read()
            guard new != old else { continue }
            settings[index].value = new
            if let event = settings[index].event(old, new) { events.append(event) }
        }
        return events
    }
}
