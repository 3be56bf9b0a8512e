package import SchemeRouterPlatform
internal import Glibc

/// Watches the runtime directory (inotify) for a socket being renamed or created into it, so a
/// waiting sender retries `connect` exactly when the primary's socket appears.
package final class DirectoryWatch {
    /// The inotify descriptor, readable when events are queued.
    package let descriptor: Int32
    /// The name inside the directory whose arrival matters.
    package let name: String

    /// Starts watching `path` for `name` arriving.
    package init(path: String, name: String) throws(SystemError) {
        let fd = try Sys.check(inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)), "inotify_init1")
        let mask = UInt32(IN_MOVED_TO) | UInt32(IN_CREATE) | UInt32(IN_ONLYDIR)
        if inotify_add_watch(fd, path, mask) < 0 {
            let error = SystemError(errno: Sys.errno, call: "inotify_add_watch", path: path)
            Sys.close(fd)
            throw error
        }
        descriptor = fd
        self.name = name
    }

    deinit { Sys.close(descriptor) }

    /// Reads the queued events; `true` when one of them is about ``name``.
    package func drain() -> Bool {
        var seen = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return seen }
            var offset = 0
            // struct inotify_event: int wd; uint32_t mask, cookie, len; char name[len];
            while offset + 16 <= count {
                let length = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)) }
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                if nameBytes.elementsEqual(name.utf8) { seen = true }
                offset += 16 + length
            }
        }
    }
}
