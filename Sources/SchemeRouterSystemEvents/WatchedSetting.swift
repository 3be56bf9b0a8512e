package import SchemeRouterLifecycle

/// One system setting the runtime watches with inotify: the files it is read from, how to read
/// it, and which ``SystemEvent`` a change makes.
package struct WatchedSetting {
    /// A file the setting lives in: its directory (watched, because such files are replaced by
    /// rename) and its name in it.
    package struct File: Hashable {
        package let directory: String
        package let name: String
    }

    /// What the setting is, for logs and `status`.
    package let label: String
    /// The files whose change may change the setting.
    package let files: [File]
    /// Reads the setting's current value.
    package let read: () -> String
    /// The event for a change from the first value to the second, or `nil` when the change
    /// does not matter.
    package let event: (String, String) -> SystemEvent?
    /// The value last read.
    package var value: String

    package init(label: String, files: [File], read: @escaping () -> String, event: @escaping (String, String) -> SystemEvent?) {
        self.label = label
        self.files = files
        self.read = read
        self.event = event
        self.value = read()
    }
}


extension WatchedSetting {
    /// The system time zone: `/etc/localtime` (a symlink into `/usr/share/zoneinfo`, replaced by
    /// rename when `timedatectl set-timezone` changes it). Its name is the link's target below
    /// `zoneinfo/`, else the first line of `/etc/timezone`, else `localtime`.
    package static func timeZone(root: String = "/etc") -> WatchedSetting {
        WatchedSetting(
            label: "time zone (\(root)/localtime)",
            files: [File(directory: root, name: "localtime"), File(directory: root, name: "timezone")],
            read: { SettingFiles.zoneName(root: root) },
            event: { from, to in .timeZoneChange(from: from, to: to) })
    }

    /// The locale new sessions get: `LANG` in `$XDG_CONFIG_HOME/locale.conf` (the user's),
    /// else `/etc/locale.conf` (systemd), else `/etc/default/locale` (Debian), else `C`. A
    /// running process's own locale comes from its environment and cannot change.
    package static func locale(configHome: String?) -> WatchedSetting {
        var files: [File] = []
        if let configHome { files.append(File(directory: configHome, name: "locale.conf")) }
        files += [File(directory: "/etc", name: "locale.conf"), File(directory: "/etc/default", name: "locale")]
        let paths = files.map { "\($0.directory)/\($0.name)" }
        return WatchedSetting(
            label: "locale (" + paths.joined(separator: ", ") + ")",
            files: files,
            read: { SettingFiles.locale(paths: paths) },
            event: { from, to in .localeChange(from: from, to: to) })
    }

    /// The cgroup's memory events (`memory.events`: `high`, `max` and `oom` counts): a count
    /// that grew is a memory warning.
    package static func cgroupMemoryEvents(directory: String) -> WatchedSetting {
        WatchedSetting(
            label: "cgroup memory events (\(directory)/memory.events)",
            files: [File(directory: directory, name: "memory.events")],
            read: { SettingFiles.memoryEventCount(path: "\(directory)/memory.events") },
            event: { from, to in (Int(to) ?? 0) > (Int(from) ?? 0) ? .memoryWarning : nil })
    }
}
