internal import SchemeRouterPlatform
internal import Glibc
internal import SchemeRouter

/// The ``SchemeRouter/RestorationStore`` of a running app: two files in its ``StateDirectory``.
///
/// - `state.json`: the archive, replaced atomically (a temporary file in the same directory,
///   written, `fsync`ed, renamed over the old one, then the directory `fsync`ed), so a crash
///   leaves the old archive or the new one, never a mix. Read only when it is a regular file of at
///   most ``SchemeRouter/RestorationArchive/maximumSize`` bytes (symbolic links are not followed).
/// - `restoring`: the record that a restoration began, created and made durable before the first
///   restoration hook runs and removed when it ends. Finding it at launch means the previous
///   launch died while restoring (a crash, or SIGKILL), and the archive is discarded.
@MainActor
final class FileRestorationStore: RestorationStore {
    /// The directory.
    let directory: String
    var archivePath: String { directory + "/state.json" }
    var markerPath: String { directory + "/restoring" }

    init(directory: String) {
        self.directory = directory
    }

    func load() -> StoredRestorationState {
        var state = StoredRestorationState()
        var status = stat()
        state.restorationWasInterrupted = lstat(markerPath, &status) == 0
        let descriptor = Sys.retryingResult { open(archivePath, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else {
            if Sys.errno != ENOENT {
                state.readFailure = SystemError(errno: Sys.errno, call: "open", path: archivePath).description
            }
            return state
        }
        defer { Sys.close(descriptor) }
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            state.readFailure = "\(archivePath) is not a regular file"
            return state
        }
        let limit = RestorationArchive.maximumSize
        guard status.st_size <= limit else {
            state.readFailure = "\(archivePath) has \(status.st_size) bytes, over the limit of \(limit)"
            return state
        }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                Sys.retryingResult { Int32(Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)) }
            }
            if read < 0 {
                state.readFailure = SystemError(errno: Sys.errno, call: "read", path: archivePath).description
                return state
            }
            if read == 0 { break }
            count += Int(read)
        }
        guard count <= limit else {
            state.readFailure = "\(archivePath) grew over the limit of \(limit) bytes while it was read"
            return state
        }
        state.archive = Array(bytes[..<count])
        return state
    }

    func save(_ archive: [UInt8]) throws {
        try StateDirectory.create(directory)
        try writeDurably(archivePath, archive)
    }

    func beginRestoring() throws {
        try writeDurably(markerPath, Array("restoring\n".utf8))
    }

    func endRestoring() {
        remove(markerPath)
    }

    func discard() {
        remove(archivePath)
        remove(markerPath)
    }

    /// Replaces `path` with `bytes`: temporary file, `fsync`, `rename`, directory `fsync`.
    private func writeDurably(_ path: String, _ bytes: [UInt8]) throws(SystemError) {
        let temporary = "\(path).tmp-\(getpid())"
        let descriptor = try Sys.retrying("open", path: temporary) {
            open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        }
        do throws(SystemError) {
            try Sys.writeAll(descriptor, bytes)
            try Sys.retrying("fsync", path: temporary) { fsync(descriptor) }
        } catch {
            Sys.close(descriptor)
            unlink(temporary)
            throw error
        }
        Sys.close(descriptor)
        do throws(SystemError) {
            try Sys.check(rename(temporary, path), "rename", path: path)
        } catch {
            unlink(temporary)
            throw error
        }
        syncDirectory()
    }

    /// Removes `path` (a missing file is fine) and makes the removal durable.
    private func remove(_ path: String) {
        if unlink(path) == 0 { syncDirectory() }
    }

    private func syncDirectory() {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        Sys.close(descriptor)
    }
}
