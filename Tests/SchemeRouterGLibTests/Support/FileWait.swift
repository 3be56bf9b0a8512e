import SchemeRouterPlatform
import Glibc

@testable import SchemeRouterDesktop

/// Waits for a file's content to satisfy a condition, woken by inotify on its directory,
/// bounded by a timeout: never sleeping.
enum FileWait {
    /// The file's text once `condition` holds, or `nil` at the timeout, or as soon as `process`
    /// (the program that should write it) has exited without it holding.
    static func until(
        _ path: String, timeout: Duration, unlessExited process: ChildProcess.Running? = nil, _ condition: (String) -> Bool
    ) -> String? {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        defer { close(descriptor) }
        let directory = FileSystem.split(path).directory
        inotify_add_watch(descriptor, directory, UInt32(IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_ATTRIB))
        let deadline = Sys.monotonicNow() + timeout
        var buffer = [UInt8](repeating: 0, count: 4096)
        var exited = false
        while true {
            if FileSystem.kind(of: path) != .missing {
                let text = ((try? RegularFile.readIfExists(path)) ?? nil).map { String(decoding: $0, as: UTF8.self) } ?? ""
                if condition(text) { return text }
            }
            let remaining = Int(Sys.milliseconds(until: deadline))
            if remaining == 0 || exited { return nil }
            var waiting = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: process?.exitDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&waiting, 2, Int32(remaining)) > 0 {
                _ = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                // One more look at the file: the process may have written it just before exiting.
                exited = waiting[1].revents != 0
            }
        }
    }
}
