internal import SchemeRouterPlatform
internal import Glibc

/// Reading the small system files the watched settings live in (bounded reads, no following of
/// anything but `/etc/localtime`'s own link).
package enum SettingFiles {
    /// The text of a small file, or `nil` when it cannot be read.
    package static func text(_ path: String, limit: Int = 4096) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { Sys.close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// The zone name of `<root>/localtime`.
    package static func zoneName(root: String) -> String {
        var buffer = [CChar](repeating: 0, count: 1024)
        let count = readlink("\(root)/localtime", &buffer, buffer.count - 1)
        if count > 0 {
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let parts = target.split(separator: "/", omittingEmptySubsequences: false)
            if let index = parts.lastIndex(of: "zoneinfo"), index + 1 < parts.count {
                return parts[(index + 1)...].joined(separator: "/")
            }
            return target
        }
        if let line = text("\(root)/timezone")?.split(separator: "\n").first, !line.isEmpty { return String(line) }
        return "localtime"
    }

    /// `LANG` from the first of `paths` that sets it, else `C`.
    package static func locale(paths: [String]) -> String {
        for path in paths {
            guard let content = text(path) else { continue }
            for line in content.split(separator: "\n") where line.hasPrefix("LANG=") {
                let value = line.dropFirst(5).trimmingCharacters(in: "\"'")
                if !value.isEmpty { return value }
            }
        }
        return "C"
    }

    /// The sum of the `high`, `max` and `oom` counts of a cgroup's `memory.events`, as text.
    package static func memoryEventCount(path: String) -> String {
        var total = 0
        for line in (text(path) ?? "").split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 2, ["high", "max", "oom"].contains(fields[0]), let count = Int(fields[1]) else { continue }
            total += count
        }
        return String(total)
    }
}

extension Substring {
    /// The text without `characters` at either end.
    fileprivate func trimmingCharacters(in characters: String) -> String {
        String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }
}
