package import SchemeRouterPlatform
internal import Glibc

/// A Linux pressure-stall trigger on memory: the descriptor gets `POLLPRI` when tasks stalled on
/// memory for at least ``stall`` within a ``window`` (Docs/Runtime.md). The app's cgroup's
/// `memory.pressure` when it has one (cgroup v2), else the whole system's `/proc/pressure/memory`.
package final class MemoryPressureTrigger {
    /// 150 ms of stall ("some" task waiting on memory) within 2 s.
    package static let stall: Duration = .milliseconds(150)
    package static let window: Duration = .seconds(2)

    /// The pressure file's descriptor; poll it for `POLLPRI`.
    package let descriptor: Int32
    /// The file the trigger is on.
    package let path: String

    /// Opens the file and writes the trigger.
    package init(path: String) throws(SystemError) {
        let descriptor = try Sys.check(open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC), "open", path: path)
        // The kernel reads the trigger up to its last byte, which it overwrites: end with NUL.
        let trigger = Array("some \(Sys.microseconds(Self.stall)) \(Sys.microseconds(Self.window))".utf8) + [0]
        let written = trigger.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
            let error = SystemError(errno: Sys.errno, call: "write (pressure trigger)", path: path)
            Sys.close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        self.path = path
    }

    deinit { Sys.close(descriptor) }
}

extension Sys {
    /// Whole microseconds of a duration.
    package static func microseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }
}
