import Glibc
import WakeBenchmarksSupport

// Process and file helpers the wake and load benchmarks share.

/// Prints `<program>: message` to standard error and exits 1.
public func fatal(_ message: String) -> Never {
    let program = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? "benchmark"
    let line = Array("\(program): \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(1)
}

public func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

public func waitForExit(_ pid: pid_t) {
    let descriptor = wake_benchmarks_pidfd_open(pid)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    if poll(&waiting, 1, 10_000) == 0 { fatal("process \(pid) did not exit within 10 s") }
}

public func waitForFile(_ path: String) {
    let directory = String(path[..<path.lastIndex(of: "/")!])
    let descriptor = inotify_init1(Int32(IN_CLOEXEC))
    defer { close(descriptor) }
    inotify_add_watch(descriptor, directory, UInt32(IN_CREATE | IN_MOVED_TO))
    var buffer = [UInt8](repeating: 0, count: 4096)
    for _ in 0..<100 {
        if access(path, F_OK) == 0 { return }
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        if poll(&waiting, 1, 10_000) == 0 { break }
        _ = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    }
    if access(path, F_OK) != 0 { fatal("\(path) did not appear") }
}

public func removeTree(_ path: String) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    if status.st_mode & S_IFMT == S_IFDIR, let directory = opendir(path) {
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(directory)
        for name in names { removeTree(path + "/" + name) }
        rmdir(path)
    } else {
        unlink(path)
    }
}
