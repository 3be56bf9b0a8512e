import CSchemeRouterLinux
import Glibc

import SchemeRouterPlatform

/// Waits for a file to say something: its directory is watched with inotify (the file may not
/// exist yet, or be replaced by a rename) and the file read again on every change, until
/// `condition` holds or the timeout passes. Never a sleep.
enum FileWatch {
    /// The file's text once `condition` holds for it, or `nil` after `timeout`.
    static func wait(for path: String, timeout: Duration = .seconds(30), until condition: (String) -> Bool) -> String? {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        defer { close(descriptor) }
        let directory = FileSystem.split(path).directory
        _ = inotify_add_watch(descriptor, directory, UInt32(IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO))
        let deadline = Sys.monotonicNow() + timeout
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let text = read(path)
            if condition(text) { return text }
            let remaining = deadline - Sys.monotonicNow()
            guard remaining > .zero else { return nil }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&waiting, 1, Sys.milliseconds(remaining)) > 0 {
                _ = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            }
        }
    }

    /// The file's text, empty when it does not exist.
    static func read(_ path: String) -> String {
        ((try? RegularFile.readIfExists(path)) ?? nil).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Waits for process `pid` (not a child: any process) to end, on its pidfd; `false` after `timeout`.
    static func waitForExit(of pid: Int32, timeout: Duration = .seconds(20)) -> Bool {
        let handle = schemerouter_pidfd_open(pid)
        guard handle >= 0 else { return true }
        defer { close(handle) }
        var waiting = pollfd(fd: handle, events: Int16(POLLIN), revents: 0)
        return poll(&waiting, 1, Sys.milliseconds(timeout)) > 0
    }
}
