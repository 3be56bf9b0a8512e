internal import CSchemeRouterLinux
internal import Glibc

/// The one whole-file reader: small files (manifests, desktop entries, `Info.plist`, fuzz
/// findings, stores) read whole, with a size bound, refusing anything that is not a regular file.
///
/// The file is opened with `O_NONBLOCK`, so opening a FIFO with no writer does not wait for one,
/// then `fstat`ed: a FIFO, a device, a directory or a socket is refused before the first read.
package enum RegularFile {
    /// The bound for configuration files (desktop entries, `mimeapps.list`, `mimeinfo.cache`).
    package static let configurationLimit = 16 * 1024 * 1024

    /// The whole file at `path`, at most `limit` bytes.
    /// - Parameter followSymbolicLinks: `false` adds `O_NOFOLLOW`: a symbolic link is refused (`ELOOP`).
    /// - Throws: ``FileReadError``.
    package static func read(_ path: String, limit: Int, followSymbolicLinks: Bool = true) throws(FileReadError) -> [UInt8] {
        var flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK
        if !followSymbolicLinks { flags |= O_NOFOLLOW }
        let fd = open(path, flags)
        guard fd >= 0 else { throw .system(SystemError(errno: Sys.errno, call: "open", path: path)) }
        defer { Sys.close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(SystemError(errno: Sys.errno, call: "fstat", path: path)) }
        let kind = FileKind(mode: UInt32(info.st_mode))
        guard kind == .regular else { throw .notRegularFile(path: path, kind: kind) }
        if Int(info.st_size) > limit { throw .tooLarge(path: path, limit: limit) }
        // A regular file never blocks; reads are plain from here.
        _ = schemerouter_fcntl_int(fd, F_SETFL, O_RDONLY)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if Sys.errno == EINTR { continue }
                throw .system(SystemError(errno: Sys.errno, call: "read", path: path))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<count])
            // The file may have grown since fstat.
            if bytes.count > limit { throw .tooLarge(path: path, limit: limit) }
        }
    }

    /// The whole file, or `nil` when it (or a directory on its path) does not exist.
    /// - Throws: ``FileReadError`` for every other failure.
    package static func readIfExists(_ path: String, limit: Int = configurationLimit, followSymbolicLinks: Bool = true) throws(FileReadError) -> [UInt8]? {
        do {
            return try read(path, limit: limit, followSymbolicLinks: followSymbolicLinks)
        } catch {
            if case .system(let system) = error, system.call == "open", system.errno == ENOENT || system.errno == ENOTDIR {
                return nil
            }
            throw error
        }
    }
}
