internal import Glibc

/// Where the process's cgroup v2 directory is: the `cgroup2` mount (from `/proc/self/mountinfo`)
/// joined with the `0::` line of `/proc/self/cgroup`; `nil` on a machine without cgroup v2.
package enum CgroupPaths {
    package static func ownDirectory() -> String? {
        guard let membership = SettingFiles.text("/proc/self/cgroup", limit: 16384) else { return nil }
        guard let line = membership.split(separator: "\n").first(where: { $0.hasPrefix("0::") }) else { return nil }
        let relative = String(line.dropFirst(3))
        guard let mounts = SettingFiles.text("/proc/self/mountinfo", limit: 1 << 20) else { return nil }
        for mount in mounts.split(separator: "\n") {
            // mountinfo: id parent major:minor root mountpoint options … - fstype source superoptions
            let halves = mount.split(separator: " - ", maxSplits: 1)
            guard halves.count == 2, halves[1].hasPrefix("cgroup2 ") else { continue }
            let fields = halves[0].split(separator: " ")
            guard fields.count >= 5 else { continue }
            let mountPoint = String(fields[4])
            return relative == "/" ? mountPoint : mountPoint + relative
        }
        return nil
    }
}
