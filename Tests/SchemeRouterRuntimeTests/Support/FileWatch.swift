import Glibc

/// Waits for a file to change (inotify) until a condition on its contents holds, or for a name
/// to appear in a directory; bounded by a timeout, never sleeping.
enum FileWatch {
    /// Waits until `condition(contents)` is true for the file at `path` (created empty first
    /// if missing), at most `timeout`.
    /// - Returns: The contents that satisfied the condition.
    @discardableResult
    static func wait(
        for path: String, timeout: Duration = .seconds(20), _ condition: (String) -> Bool
    ) throws(TestFailure) -> String {
        if !TestFiles.exists(path) { close(open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)) }
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        defer { close(descriptor) }
        inotify_add_watch(descriptor, path, UInt32(IN_MODIFY | IN_CLOSE_WRITE))
        return try waitLoop(descriptor, timeout: timeout, what: "\(path) to satisfy the condition") {
            let contents = TestFiles.read(path)
            return condition(contents) ? contents : nil
        }
    }

    /// Waits until `name` exists in `directory` (or `gone`: no longer exists).
    static func wait(forName name: String, in directory: String, gone: Bool = false, timeout: Duration = .seconds(20)) throws(TestFailure) {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        defer { close(descriptor) }
        // The directory itself may not exist yet: watch its parent until it does.
        let parent = String(directory[..<directory.lastIndex(of: "/")!])
        inotify_add_watch(descriptor, parent, UInt32(IN_CREATE | IN_MOVED_TO))
        var watching = false
        _ = try waitLoop(descriptor, timeout: timeout, what: "\(directory)/\(name) to \(gone ? "disappear" : "appear")") {
            if !watching {
                watching = inotify_add_watch(descriptor, directory, UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM)) >= 0
            }
            return TestFiles.exists(directory + "/" + name) != gone ? "" : nil
        }
    }

    private static func waitLoop(
        _ descriptor: Int32, timeout: Duration, what: String, _ check: () -> String?
    ) throws(TestFailure) -> String {
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if let result = check() { return result }
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { throw TestFailure("timed out after \(timeout) waiting for \(what)") }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
            if poll(&waiting, 1, milliseconds) > 0 {
                _ = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            }
        }
    }
}
