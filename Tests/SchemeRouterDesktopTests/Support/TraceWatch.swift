import Glibc
import Testing

@testable import SchemeRouterDesktop
import SchemeRouterPlatform

/// Waits for lines to appear in a TodoList trace file (`SCHEMEROUTER_TRACE`), woken by inotify,
/// bounded by a timeout — never sleeping.
struct TraceWatch {
    let path: String

    /// Creates the (empty) trace file.
    init(path: String) throws {
        self.path = path
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        try #require(fd >= 0)
        close(fd)
    }

    /// The lines of the trace, without the `source` of `open` lines (these tests check hooks and URLs).
    var lines: [String] {
        ((try? RegularFile.readIfExists(path)) ?? []).split(separator: UInt8(ascii: "\n")).map { line in
            let text = String(decoding: line, as: UTF8.self)
            return text.firstRange(of: ", \"source\": {").map { String(text[..<$0.lowerBound]) + "}" } ?? text
        }
    }

    /// Waits until the trace has at least `count` lines; returns them (nil on timeout).
    func waitForLines(_ count: Int, timeout: Duration = .seconds(20)) -> [String]? {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        defer { close(descriptor) }
        inotify_add_watch(descriptor, path, UInt32(IN_MODIFY | IN_CLOSE_WRITE))
        let deadline = Sys.monotonicNow() + timeout
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let current = lines
            if current.count >= count { return current }
            let remaining = Int(Sys.milliseconds(until: deadline))
            if remaining == 0 { return nil }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&waiting, 1, Int32(remaining)) > 0 {
                _ = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            }
        }
    }

    /// The trace line of a hook, as the runtime writes it.
    static func line(_ hook: String, _ state: String, url: String? = nil) -> String {
        var line = "{\"hook\": \"\(hook)\", \"state\": \"\(state)\""
        if let url {
            var quoted = ""
            JSONQuoting.append(url, to: &quoted)
            line += ", \"url\": \(quoted)"
        }
        return line + "}"
    }
}

enum JSONQuoting {
    static func append(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
